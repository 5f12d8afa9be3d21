-- Sessions get an absolute lifetime from sign-in and an idle timeout (docs/decisions/016). Existing sessions slid on
-- use, so when they began is unknown: they count from their last renewal (30 days before their expiry, never later
-- than now), which ends the admin's at once and a host's not used for a week.
alter table user_sessions
  add column created_at timestamptz not null default now(),
  add column last_used_at timestamptz not null default now();

update user_sessions
set created_at = least(now(), expires_at - interval '30 days'),
    last_used_at = least(now(), expires_at - interval '30 days');
