-- A host's changes to single sessions of the club's schedule (issue 40): a session cancelled (with a note) or moved
-- (to another time, or place, for that session only). The occurrence is the session's scheduled start; the reading
-- plan follows the sessions held (decision 018), so a past change is kept as long as the club.
create table club_session_changes (
  club_id integer not null references clubs (id) on delete cascade,
  occurrence timestamptz not null,
  kind text not null check (kind in ('cancelled', 'moved')),
  note text check (char_length(note) between 1 and 200),
  moved_to timestamptz,
  place text check (char_length(place) between 1 and 200),
  changed_at timestamptz not null default now(),
  primary key (club_id, occurrence),
  check ((kind = 'moved') = (moved_to is not null)),
  check (kind = 'moved' or place is null)
);

-- The club calendar's revision: one more for each change and each undo. Every event of the club's feed carries it as
-- its SEQUENCE, so a subscribed calendar takes the changed events for newer than those it has.
create table club_calendar_revisions (
  club_id integer primary key references clubs (id) on delete cascade,
  revision integer not null default 0 check (revision >= 0)
);
