-- When and how a club meets (issue 18, docs/decisions/018): weekly slots held as often as the frequency says, the
-- format, the video link, the start of the club's current 8-week cycle and its time zone. Every column is empty or
-- defaulted, so existing clubs stay valid and simply have no times.
alter table clubs
  -- [{ "weekday": "tuesday", "start": "19:00", "durationMinutes": 90 }, …], times in the club's own time zone.
  add column meeting_slots jsonb not null default '[]' check (jsonb_typeof(meeting_slots) = 'array' and jsonb_array_length(meeting_slots) <= 7),
  add column meeting_frequency text not null default 'weekly'
    check (meeting_frequency in ('weekly', 'biweekly', 'first', 'second', 'third', 'fourth', 'last')),
  add column meeting_format text check (meeting_format in ('in-person', 'online', 'hybrid')),
  add column video_link text check (length(video_link) <= 500),
  add column video_link_private boolean not null default false,
  add column cycle_start date,
  add column time_zone text check (length(time_zone) <= 64),
  -- The slots (a bit per weekday and time of day) and the format as one integer the directory's filters test;
  -- written with the slots by the server (meetingFilterBits in src/lib/meeting-types.ts).
  add column meeting_bits integer not null default 0;
