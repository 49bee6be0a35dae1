//! `Utilities.getUuid`: v4 UUIDs drawn from the seeded generator.

use crate::rng::SeededRng;

/// `Utilities.getUuid()`: a random (version 4, RFC 4122 variant) UUID in lowercase,
/// drawn from the seeded generator so a run is reproducible.
pub fn uuid_v4(rng: &mut SeededRng) -> String {
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&rng.next_u64().to_be_bytes());
    bytes[8..].copy_from_slice(&rng.next_u64().to_be_bytes());
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{}-{}-{}-{}", &hex[..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuid_is_a_lowercase_v4_from_the_seed() {
        let uuid = uuid_v4(&mut SeededRng::derive(7, "uuid"));
        assert_eq!(uuid.len(), 36);
        let groups: Vec<&str> = uuid.split('-').collect();
        assert_eq!(groups.iter().map(|g| g.len()).collect::<Vec<_>>(), [8, 4, 4, 4, 12]);
        assert!(uuid.chars().all(|c| c == '-' || c.is_ascii_digit() || ('a'..='f').contains(&c)), "{uuid}");
        assert!(groups[2].starts_with('4'), "version 4: {uuid}");
        assert!("89ab".contains(&groups[3][..1]), "RFC 4122 variant: {uuid}");
        assert_eq!(uuid, uuid_v4(&mut SeededRng::derive(7, "uuid")));
        let mut rng = SeededRng::derive(7, "uuid");
        assert_ne!(uuid_v4(&mut rng), uuid_v4(&mut rng));
    }
}
