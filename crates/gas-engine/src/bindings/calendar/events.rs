//! CalendarEvent and CalendarEventSeries: one event (or one instance of a series, its
//! handle's `at`) and a whole series share their getters and setters; the times are
//! the event's alone, the recurrence the series'.

use gas_platform::calendar::events::{
    check_enum, Event, When, INVALID_DATE_MESSAGE, NOT_ALL_DAY_MESSAGE, TRANSPARENCIES, VISIBILITIES,
};
use gas_platform::calendar::{Calendars, Instance};
use gas_platform::{ServiceError, ServiceResult};

use super::{bool_arg, date_arg, id_handle, recurrence_arg, Ctx};
use crate::bindings::args::*;
use crate::methods::{declare, Method};
use crate::value::Val;
use gas_platform::container::SCOPE_CALENDAR;

/// The methods answered here, declared once (`crate::methods`).
pub(in crate::bindings) const METHODS: &[Method] = declare![Method::by(super::dispatch).scope(SCOPE_CALENDAR);
    "CalendarEvent.addEmailReminder" => 300,
    "CalendarEvent.addGuest" => 300,
    "CalendarEvent.addPopupReminder" => 300,
    "CalendarEvent.addSmsReminder" => 300,
    "CalendarEvent.anyoneCanAddSelf" => 30,
    "CalendarEvent.deleteEvent" => 300,
    "CalendarEvent.deleteTag" => 300,
    "CalendarEvent.getAllDayEndDate" => 30,
    "CalendarEvent.getAllDayStartDate" => 30,
    "CalendarEvent.getAllTagKeys" => 30,
    "CalendarEvent.getColor" => 30,
    "CalendarEvent.getCreators" => 30,
    "CalendarEvent.getDateCreated" => 30,
    "CalendarEvent.getDescription" => 30,
    "CalendarEvent.getEmailReminders" => 30,
    "CalendarEvent.getEndTime" => 30,
    "CalendarEvent.getEventSeries" => 30,
    "CalendarEvent.getEventType" => 30,
    "CalendarEvent.getGuestByEmail" => 30,
    "CalendarEvent.getGuestList" => 30,
    "CalendarEvent.getLastUpdated" => 30,
    "CalendarEvent.getLocation" => 30,
    "CalendarEvent.getMyStatus" => 30,
    "CalendarEvent.getOriginalCalendarId" => 30,
    "CalendarEvent.getPopupReminders" => 30,
    "CalendarEvent.getSmsReminders" => 30,
    "CalendarEvent.getStartTime" => 30,
    "CalendarEvent.getTag" => 30,
    "CalendarEvent.getTitle" => 30,
    "CalendarEvent.getTransparency" => 30,
    "CalendarEvent.getVisibility" => 30,
    "CalendarEvent.guestsCanInviteOthers" => 30,
    "CalendarEvent.guestsCanModify" => 30,
    "CalendarEvent.guestsCanSeeGuests" => 30,
    "CalendarEvent.isAllDayEvent" => 30,
    "CalendarEvent.isOwnedByMe" => 30,
    "CalendarEvent.isRecurringEvent" => 30,
    "CalendarEvent.removeAllReminders" => 300,
    "CalendarEvent.removeGuest" => 300,
    "CalendarEvent.resetRemindersToDefault" => 300,
    "CalendarEvent.setAllDayDate" => 300,
    "CalendarEvent.setAllDayDates" => 300,
    "CalendarEvent.setAnyoneCanAddSelf" => 300,
    "CalendarEvent.setColor" => 300,
    "CalendarEvent.setDescription" => 300,
    "CalendarEvent.setGuestsCanInviteOthers" => 300,
    "CalendarEvent.setGuestsCanModify" => 300,
    "CalendarEvent.setGuestsCanSeeGuests" => 300,
    "CalendarEvent.setLocation" => 300,
    "CalendarEvent.setMyStatus" => 300,
    "CalendarEvent.setTag" => 300,
    "CalendarEvent.setTime" => 300,
    "CalendarEvent.setTitle" => 300,
    "CalendarEvent.setTransparency" => 300,
    "CalendarEvent.setVisibility" => 300,
    "CalendarEventSeries.addEmailReminder" => 300,
    "CalendarEventSeries.addGuest" => 300,
    "CalendarEventSeries.addPopupReminder" => 300,
    "CalendarEventSeries.addSmsReminder" => 300,
    "CalendarEventSeries.anyoneCanAddSelf" => 30,
    "CalendarEventSeries.deleteEventSeries" => 300,
    "CalendarEventSeries.deleteTag" => 300,
    "CalendarEventSeries.getAllTagKeys" => 30,
    "CalendarEventSeries.getColor" => 30,
    "CalendarEventSeries.getCreators" => 30,
    "CalendarEventSeries.getDateCreated" => 30,
    "CalendarEventSeries.getDescription" => 30,
    "CalendarEventSeries.getEmailReminders" => 30,
    "CalendarEventSeries.getEventType" => 30,
    "CalendarEventSeries.getGuestByEmail" => 30,
    "CalendarEventSeries.getGuestList" => 30,
    "CalendarEventSeries.getLastUpdated" => 30,
    "CalendarEventSeries.getLocation" => 30,
    "CalendarEventSeries.getMyStatus" => 30,
    "CalendarEventSeries.getOriginalCalendarId" => 30,
    "CalendarEventSeries.getPopupReminders" => 30,
    "CalendarEventSeries.getSmsReminders" => 30,
    "CalendarEventSeries.getTag" => 30,
    "CalendarEventSeries.getTitle" => 30,
    "CalendarEventSeries.getVisibility" => 30,
    "CalendarEventSeries.guestsCanInviteOthers" => 30,
    "CalendarEventSeries.guestsCanModify" => 30,
    "CalendarEventSeries.guestsCanSeeGuests" => 30,
    "CalendarEventSeries.isOwnedByMe" => 30,
    "CalendarEventSeries.removeAllReminders" => 300,
    "CalendarEventSeries.removeGuest" => 300,
    "CalendarEventSeries.resetRemindersToDefault" => 300,
    "CalendarEventSeries.setAnyoneCanAddSelf" => 300,
    "CalendarEventSeries.setColor" => 300,
    "CalendarEventSeries.setDescription" => 300,
    "CalendarEventSeries.setGuestsCanInviteOthers" => 300,
    "CalendarEventSeries.setGuestsCanModify" => 300,
    "CalendarEventSeries.setGuestsCanSeeGuests" => 300,
    "CalendarEventSeries.setLocation" => 300,
    "CalendarEventSeries.setMyStatus" => 300,
    "CalendarEventSeries.setRecurrence" => 300,
    "CalendarEventSeries.setTag" => 300,
    "CalendarEventSeries.setTitle" => 300,
    "CalendarEventSeries.setVisibility" => 300,
];

/// An event's (or series') method; the getters read, the rest change it.
pub(super) fn event(calendars: &mut Calendars, instance: &Instance, ctx: &Ctx) -> ServiceResult<Val> {
    let it = calendars.event(&instance.id)?.clone();
    if let Some(value) = getter(calendars, &it, instance, ctx)? {
        return Ok(value);
    }
    match ctx.name {
        "deleteEvent" => return unit(calendars.delete_event(&instance.id, instance.at, ctx.now)),
        "deleteEventSeries" => return unit(calendars.delete_event(&instance.id, None, ctx.now)),
        _ => {}
    }
    let event = calendars.event_mut(&instance.id, instance.at, ctx.now)?;
    setter(event, ctx)?;
    Ok(Val::Undefined)
}

fn getter(calendars: &Calendars, it: &Event, instance: &Instance, ctx: &Ctx) -> ServiceResult<Option<Val>> {
    let args = ctx.args;
    let when = instance.at.unwrap_or(it.when);
    // An all-day event's Dates are midnights in the script's zone (docs/calendar.md).
    let (start, end) = when.span_utc_ms(ctx.zone);
    let all_day_only = |ms: i64| {
        if when.is_all_day() {
            Ok(Val::Date(ms as f64))
        } else {
            Err(ServiceError::new(NOT_ALL_DAY_MESSAGE))
        }
    };
    let numbers = |list: Vec<i64>| Val::Array(list.into_iter().map(|n| Val::Number(n as f64)).collect());
    let owned = calendars.get(&it.calendar_id).is_ok_and(|c| c.owned);
    let value = match ctx.name {
        "getTitle" => Val::String(it.title.clone()),
        "getDescription" => Val::String(it.description.clone()),
        "getLocation" => Val::String(it.location.clone()),
        "getStartTime" => Val::Date(start as f64),
        "getEndTime" => Val::Date(end as f64),
        "getAllDayStartDate" => all_day_only(start)?,
        "getAllDayEndDate" => all_day_only(end)?,
        "isAllDayEvent" => Val::Bool(when.is_all_day()),
        "isRecurringEvent" => Val::Bool(it.recurrence.is_some()),
        "getColor" => Val::String(it.color.clone()),
        "getCreators" => Val::Array(vec![Val::String(it.creator.clone())]),
        "getDateCreated" => Val::Date(it.created_utc_ms as f64),
        "getLastUpdated" => Val::Date(it.updated_utc_ms as f64),
        "getPopupReminders" => numbers(it.reminder_minutes(false)),
        "getEmailReminders" => numbers(it.reminder_minutes(true)),
        // SMS reminders are shut down: none is kept (see `add_sms_reminder`).
        "getSmsReminders" => Val::Array(Vec::new()),
        "getTag" => it.tags.get(&string_arg(args, 0)).map_or(Val::Null, |v| Val::String(v.clone())),
        "getAllTagKeys" => Val::Array(it.tags.keys().map(|k| Val::String(k.clone())).collect()),
        "getVisibility" => Val::String(it.visibility.clone()),
        "getTransparency" => Val::String(it.transparency.clone()),
        // Documented: "always OWNER if the effective user is the owner of the event".
        "getMyStatus" => Val::String(gas_platform::calendar::events::my_status(it, &ctx.user).to_string()),
        "isOwnedByMe" => Val::Bool(owned && it.creator == ctx.user),
        "getOriginalCalendarId" => Val::String(it.calendar_id.clone()),
        "getEventType" => Val::String("DEFAULT".into()),
        "getEventSeries" => id_handle(&instance.id),
        "guestsCanModify" => Val::Bool(it.guests_can_modify),
        "guestsCanInviteOthers" => Val::Bool(it.guests_can_invite_others),
        "guestsCanSeeGuests" => Val::Bool(it.guests_can_see_guests),
        "anyoneCanAddSelf" => Val::Bool(it.anyone_can_add_self),
        "getGuestList" => {
            // Documented: `getGuestList(true)` includes the owner.
            let mut guests: Vec<Val> = Vec::new();
            if matches!(arg(args, 0), Val::Bool(true)) {
                let owner = gas_platform::calendar::events::Guest {
                    email: it.creator.clone(),
                    name: it.creator.clone(),
                    status: "OWNER".into(),
                    additional_guests: 0,
                };
                guests.push(to_val(&owner));
            }
            guests.extend(it.guests.iter().map(to_val));
            Val::Array(guests)
        }
        "getGuestByEmail" => {
            let email = string_arg(args, 0);
            let found = it.guests.iter().find(|g| g.email.eq_ignore_ascii_case(email.trim()));
            found.map_or(Val::Null, to_val)
        }
        _ => return Ok(None),
    };
    Ok(Some(value))
}

fn setter(event: &mut Event, ctx: &Ctx) -> ServiceResult<()> {
    let args = ctx.args;
    let text = |i: usize| -> ServiceResult<String> {
        let text = string_arg(args, i);
        gas_platform::calendar::check_text(&text)?;
        Ok(text)
    };
    match ctx.name {
        "setTitle" => event.title = text(0)?,
        "setDescription" => event.description = text(0)?,
        "setLocation" => event.location = text(0)?,
        "setTime" => event.when = When::timed(date_arg(ctx, 0)?, date_arg(ctx, 1)?)?,
        "setAllDayDate" => event.when = When::all_day(date_arg(ctx, 0)?, None, ctx.zone)?,
        "setAllDayDates" => event.when = When::all_day(date_arg(ctx, 0)?, Some(date_arg(ctx, 1)?), ctx.zone)?,
        "setColor" => event.set_color(&string_arg(args, 0))?,
        "addGuest" => event.add_guest(&string_arg(args, 0)),
        "removeGuest" => event.remove_guest(&string_arg(args, 0)),
        "addPopupReminder" | "addEmailReminder" => {
            event.add_reminder(ctx.name == "addEmailReminder", int_arg(args, 0, ctx.method)?)?
        }
        "addSmsReminder" => event.add_sms_reminder(int_arg(args, 0, ctx.method)?)?,
        "removeAllReminders" => event.reminders = Some(Vec::new()),
        "resetRemindersToDefault" => event.reminders = None,
        "setTag" => event.set_tag(&string_arg(args, 0), &string_arg(args, 1))?,
        "deleteTag" => {
            event.tags.remove(&string_arg(args, 0));
        }
        "setVisibility" => event.visibility = check_enum(&string_arg(args, 0), VISIBILITIES)?,
        "setTransparency" => event.transparency = check_enum(&string_arg(args, 0), TRANSPARENCIES)?,
        "setGuestsCanModify" => event.guests_can_modify = bool_arg(ctx, 0)?,
        "setGuestsCanInviteOthers" => event.guests_can_invite_others = bool_arg(ctx, 0)?,
        "setGuestsCanSeeGuests" => event.guests_can_see_guests = bool_arg(ctx, 0)?,
        "setAnyoneCanAddSelf" => event.anyone_can_add_self = bool_arg(ctx, 0)?,
        "setRecurrence" => set_recurrence(event, ctx)?,
        "setMyStatus" => event.set_my_status(&ctx.user, &string_arg(args, 0))?,
        _ => return Err(ServiceError::unimplemented(ctx.method)),
    }
    Ok(())
}

/// `setRecurrence(recurrence, startTime, endTime)` or `(recurrence, startDate)`: the
/// series' rules and first occurrence replaced; its deleted instances forgotten.
fn set_recurrence(event: &mut Event, ctx: &Ctx) -> ServiceResult<()> {
    let recurrence = recurrence_arg(ctx, 0)?;
    let when = match arg(ctx.args, 2) {
        Val::Date(_) => When::timed(date_arg(ctx, 1)?, date_arg(ctx, 2)?)?,
        Val::Undefined => When::all_day(date_arg(ctx, 1)?, None, ctx.zone)?,
        _ => return Err(ServiceError::new(INVALID_DATE_MESSAGE)),
    };
    event.when = when;
    event.recurrence = Some(recurrence);
    event.deleted_instances.clear();
    Ok(())
}
