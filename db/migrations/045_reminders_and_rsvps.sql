-- Session reminders and RSVPs of a club's members (issue 40, decision 035). The host chooses when members are reminded
-- of a session (the day before at 9:00 in the club's time zone, 2 hours before, or never) and whether to get a summary
-- of the answers the morning of the session; each member answers per session ("coming" / "not-coming") from their
-- email's one-click links or their "Your club" page, and can stop their reminders without leaving the club.
alter table clubs
  add column reminder_lead text not null default 'day-before' check (reminder_lead in ('day-before', 'two-hours', 'off')),
  add column rsvp_summary boolean not null default true;

-- A member's one-click unsubscribe (RFC 8058) from the reminders: set, no reminder goes to them; they stay a member.
alter table club_members add column reminders_stopped_at timestamptz;

-- The RSVP links ("I'll be there", "Can't make it": one session each, in session_start) and the reminders' unsubscribe.
alter table member_links drop constraint member_links_purpose_check;
alter table member_links add constraint member_links_purpose_check
  check (purpose in ('club', 'not-me', 'coming', 'not-coming', 'reminders-off'));
alter table member_links add constraint member_links_rsvp_session_check
  check ((purpose in ('coming', 'not-coming')) = (session_start is not null));

-- A member's answer for one session of the club's schedule (its scheduled start: the occurrence a change names, so a
-- moved session keeps its answers). Deleted with the member: leaving the club deletes their answers.
create table member_rsvps (
  member_id bigint not null references club_members (id) on delete cascade,
  club_id integer not null references clubs (id) on delete cascade,
  occurrence timestamptz not null,
  answer text not null check (answer in ('coming', 'not-coming')),
  answered_at timestamptz not null,
  primary key (member_id, occurrence)
);
create index member_rsvps_club_occurrence_idx on member_rsvps (club_id, occurrence);

-- One row per member and session reminded, inserted in the transaction that queues the reminder: a second run, or a
-- second instance at the same moment, finds the row (or waits on it) and sends nothing. Kept as long as the member.
create table member_reminders (
  member_id bigint not null references club_members (id) on delete cascade,
  occurrence timestamptz not null,
  sent_at timestamptz not null,
  primary key (member_id, occurrence)
);

-- The host's summary of the answers the morning of a session: one row per club and session, as the reminders.
create table club_rsvp_summaries (
  club_id integer not null references clubs (id) on delete cascade,
  occurrence timestamptz not null,
  sent_at timestamptz not null,
  primary key (club_id, occurrence)
);
