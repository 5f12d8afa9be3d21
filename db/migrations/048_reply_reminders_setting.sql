-- Issue 41 item 17: the one reminder a host gets of a join request, and a guide of a message, left unanswered past the
-- promised time is a notification its reader can turn off (one-click unsubscribe from the reminder, or /account). Off,
-- the reminder is not sent, but the message is still followed up by the team as before.
alter table users add column reply_reminders boolean not null default true;
