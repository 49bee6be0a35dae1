//! Who may see and change a file or folder: its owner, the users given edit, comment or
//! view access, link sharing (`setSharing`), and the two per-item flags scripts set with
//! them (starred, shareable by editors). Nobody is notified and no other account exists:
//! a share is recorded, shown in the report, and answered by the getters.
//!
//! Sources: the reference of `File` and `Folder` (each method's effect, the
//! `DriveApp.Access` and `DriveApp.Permission` values); what it leaves open is marked
//! assumed here and in docs/fidelity.md.

use serde::{Deserialize, Serialize};

use super::{Drive, Item, ItemKind, ACCESS_DENIED_MESSAGE};
use crate::{ServiceError, ServiceResult};

/// Users one item may be shared with, every role together (gas-sim's own limit; Drive's
/// is 600 for a file, documented for shared drives, assumed here).
pub const SHARED_USERS_MAX: usize = 600;
/// An address that is not one (assumed text: the platform's was not captured).
pub const INVALID_EMAIL_MESSAGE: &str = "Invalid argument: email";
/// `setSharing` with a permission link sharing cannot give (`OWNER`, `ORGANIZER`,
/// `FILE_ORGANIZER`) (assumed text).
pub const INVALID_SHARING_MESSAGE: &str = "Invalid argument: permissionType";
/// Removing the owner's access (assumed text).
pub const OWNER_ACCESS_MESSAGE: &str = "Invalid argument: the owner's access cannot be removed";
/// Users past [`SHARED_USERS_MAX`] (gas-sim's own limit, its own text).
pub const TOO_MANY_SHARES_MESSAGE: &str = "gas-sim: an item is shared with at most 600 users, gas-sim's limit";

/// `DriveApp.Access`: who may open the item besides the users given access.
pub const ACCESS_VALUES: [&str; 5] = ["ANYONE", "ANYONE_WITH_LINK", "DOMAIN", "DOMAIN_WITH_LINK", "PRIVATE"];
/// `DriveApp.Permission` values link sharing can give (documented: the others are a
/// user's or a shared drive's).
pub const LINK_PERMISSIONS: [&str; 4] = ["VIEW", "EDIT", "COMMENT", "NONE"];

/// An item's sharing; the default is a new item's: private, owned by the account's user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Sharing {
    /// `None`: the account's user (every item the script makes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub editors: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub commenters: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub viewers: Vec<String>,
    /// A `DriveApp.Access` value.
    pub access: String,
    /// A `DriveApp.Permission` value: what `access` gives (`NONE` while private).
    pub permission: String,
    pub shareable_by_editors: bool,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub starred: bool,
}

impl Default for Sharing {
    fn default() -> Self {
        Sharing {
            owner: None,
            editors: Vec::new(),
            commenters: Vec::new(),
            viewers: Vec::new(),
            access: "PRIVATE".into(),
            permission: "NONE".into(),
            // Documented default: editors may share (isShareableByEditors "true by default").
            shareable_by_editors: true,
            starred: false,
        }
    }
}

impl Sharing {
    pub fn is_default(&self) -> bool {
        *self == Sharing::default()
    }

    /// The role given to `user` in the lists (`EDIT`, `COMMENT`, `VIEW`), `NONE` for none.
    fn listed_role(&self, user: &str) -> &'static str {
        let same = |a: &String| a.eq_ignore_ascii_case(user);
        if self.editors.iter().any(same) {
            "EDIT"
        } else if self.commenters.iter().any(same) {
            "COMMENT"
        } else if self.viewers.iter().any(same) {
            "VIEW"
        } else {
            "NONE"
        }
    }

    fn remove_everywhere(&mut self, user: &str) {
        for list in [&mut self.editors, &mut self.commenters, &mut self.viewers] {
            list.retain(|u| !u.eq_ignore_ascii_case(user));
        }
    }

    fn shared_count(&self) -> usize {
        self.editors.len() + self.commenters.len() + self.viewers.len()
    }
}

/// A role a user can be given (`addEditor`, `addCommenter`, `addViewer`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Edit,
    Comment,
    View,
}

impl Role {
    fn rank(self) -> u8 {
        match self {
            Role::Edit => 3,
            Role::Comment => 2,
            Role::View => 1,
        }
    }

    /// The rank of a `DriveApp.Permission` a user holds (`role_of`).
    fn rank_of(name: &str) -> u8 {
        match name {
            "OWNER" => 4,
            "EDIT" => 3,
            "COMMENT" => 2,
            "VIEW" => 1,
            _ => 0,
        }
    }
}

/// `user@domain`, roughly: one `@`, something on each side, no spaces.
pub fn check_email(text: &str) -> ServiceResult<String> {
    let trimmed = text.trim();
    let valid = match trimmed.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty() && domain.contains('.') && !domain.contains('@') && !trimmed.contains(char::is_whitespace)
        }
        None => false,
    };
    if !valid {
        return Err(ServiceError::new(INVALID_EMAIL_MESSAGE));
    }
    Ok(trimmed.to_string())
}

/// A `User` of Drive (`getOwner`, `getEditors`): what gas-sim knows of an address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriveUser {
    pub email: String,
    /// The part of the address before `@` (assumed: no account has a display name here).
    pub name: String,
    /// The part after `@` (documented: "the domain name associated with the user's account").
    pub domain: String,
}

impl DriveUser {
    pub fn of(email: &str) -> DriveUser {
        let (name, domain) = email.split_once('@').unwrap_or((email, ""));
        DriveUser { email: email.to_string(), name: name.to_string(), domain: domain.to_string() }
    }
}

/// The role `user` has on `item` (`OWNER`, `EDIT`, `COMMENT`, `VIEW`), `NONE` for none:
/// `getAccess`. `me` is the account's user: the owner of what it made, a viewer of an
/// item shared with it (`editable: false`). Link sharing is not counted (assumed: the
/// reference says the method reports a user's permission, not a group's or the link's).
pub fn role_of(item: &Item, user: &str, me: &str) -> &'static str {
    let user = user.trim();
    if owner_of(item, me).is_some_and(|owner| owner.eq_ignore_ascii_case(user)) {
        return "OWNER";
    }
    match item.sharing.listed_role(user) {
        "NONE" if !item.editable && me.eq_ignore_ascii_case(user) => "VIEW",
        role => role,
    }
}

/// `setSecurityUpdateEnabled(true)` of an item that is not eligible (assumed text).
pub const SECURITY_UPDATE_NOT_ELIGIBLE_MESSAGE: &str =
    "Invalid argument: the item is not eligible for the security update (it has no resource key)";

/// The link-sharing security update (`getSecurityUpdateEligible`, `getSecurityUpdateEnabled`,
/// `setSecurityUpdateEnabled`): documented for items shared by link that have a resource
/// key ("eligible files are enabled by default"). No item gas-sim makes has a resource key,
/// so none is eligible and none has the update on: turning it off is nothing to do,
/// turning it on is refused.
pub fn set_security_update(enabled: bool) -> crate::ServiceResult<()> {
    if enabled {
        return Err(crate::ServiceError::new(SECURITY_UPDATE_NOT_ELIGIBLE_MESSAGE));
    }
    Ok(())
}

impl Drive {
    /// `setSecurityUpdateEnabled(enabled)`: a sharing change, so only for who may change
    /// the item's sharing (as `setSharing`), then [`set_security_update`].
    pub fn set_security_update(&mut self, id: &str, kind: ItemKind, me: &str, enabled: bool) -> ServiceResult<()> {
        self.shareable(id, kind, me)?;
        set_security_update(enabled)
    }
}

/// Whether `me` may see who else an item is shared with: documented for getEditors and
/// getViewers, "If the user who executes the script does not have edit access to the
/// File, this method returns an empty array."
pub fn may_list_users(item: &Item, me: &str) -> bool {
    matches!(role_of(item, me, me), "OWNER" | "EDIT")
}

impl Drive {
    /// An item's sharing, for the getters.
    pub fn sharing(&self, id: &str, kind: ItemKind) -> ServiceResult<&Sharing> {
        Ok(&self.get(id, kind)?.sharing)
    }

    /// An item whose sharing `me` may change: the owner may always; an editor while the
    /// item is shareable by editors (documented: setShareableByEditors); nobody else.
    fn shareable(&mut self, id: &str, kind: ItemKind, me: &str) -> ServiceResult<&mut Item> {
        self.get(id, kind)?;
        let item = self.items.get_mut(id).expect("found above");
        let role = role_of(item, me, me);
        let may = item.editable && (role == "OWNER" || (role == "EDIT" && item.sharing.shareable_by_editors));
        if !may {
            return Err(ServiceError::new(ACCESS_DENIED_MESSAGE));
        }
        Ok(item)
    }

    /// `addEditor(s)`, `addCommenter(s)`, `addViewer(s)`: each user gets `role`, unless
    /// they already have as much or more (documented for addViewer: "no effect if the user
    /// is already an editor"; a viewer made an editor is no longer listed as a viewer).
    pub fn add_users(&mut self, id: &str, kind: ItemKind, me: &str, users: &[String], role: Role) -> ServiceResult<()> {
        let checked: Vec<String> = users.iter().map(|u| check_email(u)).collect::<ServiceResult<_>>()?;
        let item = self.shareable(id, kind, me)?;
        // The whole call or nothing: the limit is checked on the lists it would make.
        let mut sharing = item.sharing.clone();
        let owner = owner_of(item, me).unwrap_or_default();
        for user in checked {
            let has = if owner.eq_ignore_ascii_case(&user) { "OWNER" } else { sharing.listed_role(&user) };
            if Role::rank_of(has) >= role.rank() {
                continue;
            }
            sharing.remove_everywhere(&user);
            let list = match role {
                Role::Edit => &mut sharing.editors,
                Role::Comment => &mut sharing.commenters,
                Role::View => &mut sharing.viewers,
            };
            list.push(user);
        }
        if sharing.shared_count() > SHARED_USERS_MAX {
            return Err(ServiceError::new(TOO_MANY_SHARES_MESSAGE));
        }
        item.sharing = sharing;
        Ok(())
    }

    /// `removeEditor`, `removeCommenter`, `removeViewer`, `revokePermissions`: the user
    /// loses the roles named (documented: removeViewer removes viewers and commenters, and
    /// does nothing to an editor; revokePermissions every role). The owner's cannot go.
    pub fn remove_user(&mut self, id: &str, kind: ItemKind, me: &str, user: &str, roles: &[Role]) -> ServiceResult<()> {
        let user = user.trim();
        let item = self.shareable(id, kind, me)?;
        if role_of(item, user, me) == "OWNER" {
            return Err(ServiceError::new(OWNER_ACCESS_MESSAGE));
        }
        let same = |u: &String| u.eq_ignore_ascii_case(user);
        for role in roles {
            let list = match role {
                Role::Edit => &mut item.sharing.editors,
                Role::Comment => &mut item.sharing.commenters,
                Role::View => &mut item.sharing.viewers,
            };
            list.retain(|u| !same(u));
        }
        Ok(())
    }

    /// `setSharing(access, permission)`.
    pub fn set_sharing(
        &mut self,
        id: &str,
        kind: ItemKind,
        me: &str,
        access: &str,
        permission: &str,
    ) -> ServiceResult<()> {
        if !ACCESS_VALUES.contains(&access) || !LINK_PERMISSIONS.contains(&permission) {
            return Err(ServiceError::new(INVALID_SHARING_MESSAGE));
        }
        let item = self.shareable(id, kind, me)?;
        item.sharing.access = access.to_string();
        // Scripts write `setSharing(PRIVATE, VIEW)` to make an item private: the link then
        // gives nothing (assumed: what getSharingPermission says after it).
        item.sharing.permission = if access == "PRIVATE" { "NONE".to_string() } else { permission.to_string() };
        Ok(())
    }

    /// `setOwner(user)`: the user becomes the owner and the previous owner an editor
    /// (documented). Only the owner may (assumed, as in Drive's UI).
    pub fn set_owner(&mut self, id: &str, kind: ItemKind, me: &str, user: &str) -> ServiceResult<()> {
        let user = check_email(user)?;
        let item = self.shareable(id, kind, me)?;
        let previous = item.sharing.owner.clone().unwrap_or_else(|| me.to_string());
        if role_of(item, me, me) != "OWNER" {
            return Err(ServiceError::new(ACCESS_DENIED_MESSAGE));
        }
        if previous.eq_ignore_ascii_case(&user) {
            return Ok(());
        }
        item.sharing.remove_everywhere(&user);
        if item.sharing.shared_count() >= SHARED_USERS_MAX {
            return Err(ServiceError::new(TOO_MANY_SHARES_MESSAGE));
        }
        item.sharing.owner = Some(user);
        item.sharing.editors.push(previous);
        Ok(())
    }

    /// `setShareableByEditors(flag)`: only the owner may (assumed).
    pub fn set_shareable_by_editors(&mut self, id: &str, kind: ItemKind, me: &str, flag: bool) -> ServiceResult<()> {
        let item = self.shareable(id, kind, me)?;
        if role_of(item, me, me) != "OWNER" {
            return Err(ServiceError::new(ACCESS_DENIED_MESSAGE));
        }
        item.sharing.shareable_by_editors = flag;
        Ok(())
    }

    /// `setStarred(flag)`: the user's own mark, allowed on anything they can see.
    pub fn set_starred(&mut self, id: &str, kind: ItemKind, flag: bool) -> ServiceResult<()> {
        self.get(id, kind)?;
        self.items.get_mut(id).expect("found above").sharing.starred = flag;
        Ok(())
    }
}

/// The owner's address: the recorded one, else the account's user for an item they may
/// change, else unknown (an item shared with them by someone gas-sim does not know).
pub fn owner_of(item: &Item, me: &str) -> Option<String> {
    match &item.sharing.owner {
        Some(owner) => Some(owner.clone()),
        None if item.editable => Some(me.to_string()),
        None => None,
    }
}

/// What a state file's sharing must hold.
pub fn check_sharing(sharing: &Sharing) -> Result<(), String> {
    if !ACCESS_VALUES.contains(&sharing.access.as_str()) || !LINK_PERMISSIONS.contains(&sharing.permission.as_str()) {
        return Err(format!("sharing: access {:?} with permission {:?}", sharing.access, sharing.permission));
    }
    if sharing.shared_count() > SHARED_USERS_MAX {
        return Err(format!("sharing: {TOO_MANY_SHARES_MESSAGE}"));
    }
    let mut seen = std::collections::BTreeSet::new();
    let listed = sharing.editors.iter().chain(&sharing.commenters).chain(&sharing.viewers);
    for user in sharing.owner.iter().chain(listed) {
        check_email(user).map_err(|e| format!("sharing: {user:?}: {}", e.message))?;
        if !seen.insert(user.to_ascii_lowercase()) {
            return Err(format!("sharing: {user:?} is listed twice"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ME: &str = "me@example.com";

    fn drive_with_file() -> (Drive, String) {
        let mut drive = Drive::default();
        let id = drive.create_file(None, "a.txt", b"x".to_vec(), "text/plain", 0).unwrap();
        (drive, id)
    }

    fn sharing(drive: &Drive, id: &str) -> Sharing {
        drive.sharing(id, ItemKind::File).unwrap().clone()
    }

    #[test]
    fn a_new_item_is_private_owned_by_the_user_and_shareable_by_editors() {
        let (drive, id) = drive_with_file();
        let s = sharing(&drive, &id);
        assert!(s.is_default());
        assert_eq!((s.access.as_str(), s.permission.as_str(), s.shareable_by_editors), ("PRIVATE", "NONE", true));
        assert_eq!(role_of(drive.item(&id).unwrap(), ME, ME), "OWNER");
        assert_eq!(owner_of(drive.item(&id).unwrap(), ME).as_deref(), Some(ME));
    }

    #[test]
    fn a_user_keeps_the_highest_role_given() {
        let (mut drive, id) = drive_with_file();
        let ann = "ann@example.com".to_string();
        drive.add_users(&id, ItemKind::File, ME, std::slice::from_ref(&ann), Role::View).unwrap();
        drive.add_users(&id, ItemKind::File, ME, std::slice::from_ref(&ann), Role::Edit).unwrap();
        drive.add_users(&id, ItemKind::File, ME, std::slice::from_ref(&ann), Role::Comment).unwrap();
        let s = sharing(&drive, &id);
        assert_eq!((s.editors.len(), s.viewers.len(), s.commenters.len()), (1, 0, 0));
        let role = |drive: &Drive, user: &str| role_of(drive.item(&id).unwrap(), user, ME);
        assert_eq!(role(&drive, "ANN@example.com"), "EDIT");
        // removeViewer does nothing to an editor; removeEditor does.
        drive.remove_user(&id, ItemKind::File, ME, &ann, &[Role::View, Role::Comment]).unwrap();
        assert_eq!(role(&drive, &ann), "EDIT");
        drive.remove_user(&id, ItemKind::File, ME, &ann, &[Role::Edit]).unwrap();
        assert_eq!(role(&drive, &ann), "NONE");
    }

    #[test]
    fn bad_addresses_link_sharing_and_the_owners_access_are_refused() {
        let (mut drive, id) = drive_with_file();
        let err = |r: ServiceResult<()>| r.unwrap_err().message;
        assert_eq!(
            err(drive.add_users(&id, ItemKind::File, ME, &["not an address".into()], Role::View)),
            INVALID_EMAIL_MESSAGE
        );
        assert_eq!(err(drive.set_sharing(&id, ItemKind::File, ME, "ANYONE", "OWNER")), INVALID_SHARING_MESSAGE);
        // Scripts make an item private with any permission: the link then gives none.
        drive.set_sharing(&id, ItemKind::File, ME, "PRIVATE", "EDIT").unwrap();
        assert_eq!(sharing(&drive, &id).permission, "NONE");
        assert_eq!(err(drive.remove_user(&id, ItemKind::File, ME, ME, &[Role::Edit])), OWNER_ACCESS_MESSAGE);
        drive.set_sharing(&id, ItemKind::File, ME, "ANYONE_WITH_LINK", "VIEW").unwrap();
        let s = sharing(&drive, &id);
        assert_eq!((s.access.as_str(), s.permission.as_str()), ("ANYONE_WITH_LINK", "VIEW"));
        check_sharing(&s).unwrap();
    }

    #[test]
    fn a_new_owner_leaves_the_old_one_an_editor_who_may_share_only_while_allowed() {
        let (mut drive, id) = drive_with_file();
        drive.set_owner(&id, ItemKind::File, ME, "boss@example.com").unwrap();
        let item = drive.item(&id).unwrap();
        assert_eq!((role_of(item, "boss@example.com", ME), role_of(item, ME, ME)), ("OWNER", "EDIT"));
        assert!(may_list_users(item, ME));
        drive.add_users(&id, ItemKind::File, ME, &["ann@example.com".into()], Role::View).unwrap();
        // Only the owner may stop editors sharing, or give the item away.
        let denied = drive.set_shareable_by_editors(&id, ItemKind::File, ME, false).unwrap_err().message;
        assert_eq!(denied, ACCESS_DENIED_MESSAGE);
        drive.items.get_mut(&id).unwrap().sharing.shareable_by_editors = false;
        let denied = drive.add_users(&id, ItemKind::File, ME, &["bob@example.com".into()], Role::View).unwrap_err();
        assert_eq!(denied.message, ACCESS_DENIED_MESSAGE);
        drive.set_starred(&id, ItemKind::File, true).unwrap();
        assert!(sharing(&drive, &id).starred);
    }

    #[test]
    fn an_item_shared_with_the_user_has_an_unknown_owner_and_cannot_be_shared() {
        let (mut drive, id) = drive_with_file();
        drive.items.get_mut(&id).unwrap().editable = false;
        let item = drive.item(&id).unwrap();
        assert_eq!((owner_of(item, ME), role_of(item, ME, ME), may_list_users(item, ME)), (None, "VIEW", false));
        let denied = drive.set_sharing(&id, ItemKind::File, ME, "ANYONE", "VIEW").unwrap_err();
        assert_eq!(denied.message, ACCESS_DENIED_MESSAGE);
        assert_eq!(DriveUser::of("ann@example.com").domain, "example.com");
    }

    #[test]
    fn the_users_an_item_is_shared_with_are_bounded() {
        let (mut drive, id) = drive_with_file();
        let users: Vec<String> = (0..SHARED_USERS_MAX).map(|i| format!("u{i}@example.com")).collect();
        drive.add_users(&id, ItemKind::File, ME, &users, Role::View).unwrap();
        // A call past the limit changes nothing, even for the users before the one too many.
        let two = ["one@example.com".to_string(), "two@example.com".to_string()];
        let more = drive.add_users(&id, ItemKind::File, ME, &two, Role::Edit).unwrap_err();
        assert_eq!(more.message, TOO_MANY_SHARES_MESSAGE);
        assert_eq!(role_of(drive.item(&id).unwrap(), "one@example.com", ME), "NONE");
        // Nor can a new owner leave the old one as a 601st user.
        let full = drive.set_owner(&id, ItemKind::File, ME, "boss@example.com").unwrap_err();
        assert_eq!(full.message, TOO_MANY_SHARES_MESSAGE);
        check_sharing(&sharing(&drive, &id)).unwrap();
        let mut twice = Sharing { viewers: vec!["a@example.com".into(), "A@example.com".into()], ..Sharing::default() };
        assert!(check_sharing(&twice).unwrap_err().contains("listed twice"));
        twice.viewers = vec!["nobody".into()];
        assert!(check_sharing(&twice).is_err());
    }
}
