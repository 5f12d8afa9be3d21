-- Connect & Join (issue 28, docs/decisions/024): a visitor asks to join a club through the site, and every message the
-- site relays (a join request, a message to a guide, a contact message forwarded to a guide) is answered, reminded
-- or escalated, then its personal details are deleted 180 days after it closed.
--
-- A relayed message is *open* until its recipient marks it answered (answered_at) or the admin closes its escalation
-- (closed_at without answered_at). Its row outlives its personal details (scrubbed_at): the times stay, for the
-- response times and the counts, without anything that names the visitor.

-- The host's switch: off, the club's page and dialog say "Not taking new members right now" instead of the form.
alter table clubs add column accepting_members boolean not null default true;

create type join_request_status as enum ('new', 'replied', 'joined', 'declined');

create table join_requests (
  id integer generated always as identity primary key,
  club_id integer not null references clubs (id) on delete cascade,
  name text check (char_length(name) between 2 and 100),
  email text check (char_length(email) <= 254),
  phone text check (char_length(phone) between 10 and 30),
  -- "When would you like to start?": one of the club's next sessions (its start), or null for the next new cycle.
  start_at timestamptz,
  message text check (char_length(message) <= 2000),
  status join_request_status not null default 'new',
  -- The one-click links in the host's email: the hash of their token, spent by the first confirmed click, and until when
  -- they work.
  token_hash text unique check (token_hash ~ '^[0-9a-f]{64}$'),
  token_expires_at timestamptz,
  created_at timestamptz not null default now(),
  -- The host's first answer (any status but new): its delay counts towards "Usually replies within".
  answered_at timestamptz,
  reminded_at timestamptz,
  escalated_at timestamptz,
  -- When it stopped waiting for anyone: the host's latest answer, or the admin's closing of its escalation.
  closed_at timestamptz,
  scrubbed_at timestamptz,
  check ((status = 'new') = (answered_at is null)),
  check (answered_at is null or closed_at is not null),
  check ((scrubbed_at is null) = (name is not null and email is not null)),
  check ((token_hash is null) = (token_expires_at is null))
);
create index join_requests_club_idx on join_requests (club_id, created_at desc);
-- "The same visitor asking the same club twice in a day".
create index join_requests_visitor_idx on join_requests (club_id, lower(email), created_at desc) where email is not null;

alter table guide_messages
  add column token_hash text unique check (token_hash ~ '^[0-9a-f]{64}$'),
  add column token_expires_at timestamptz,
  add column reminded_at timestamptz,
  add column escalated_at timestamptz,
  add column closed_at timestamptz,
  add column scrubbed_at timestamptz,
  alter column name drop not null,
  alter column email drop not null,
  alter column message drop not null,
  alter column reason drop not null,
  add constraint guide_messages_replied_is_closed check (replied_at is null or closed_at is not null),
  add constraint guide_messages_scrubbed check ((scrubbed_at is null) = (name is not null and email is not null and message is not null)),
  add constraint guide_messages_token_expiry check ((token_hash is null) = (token_expires_at is null));
-- Messages already replied to are closed then.
update guide_messages set closed_at = replied_at where replied_at is not null;

-- The worker's rounds: open messages (reminders, escalations), and closed ones not yet scrubbed (deletion).
create index join_requests_open_idx on join_requests (created_at) where closed_at is null;
create index join_requests_closed_idx on join_requests (closed_at) where scrubbed_at is null and closed_at is not null;
create index guide_messages_open_idx on guide_messages (created_at) where closed_at is null;
create index guide_messages_closed_idx on guide_messages (closed_at) where scrubbed_at is null and closed_at is not null;
-- "Usually replies within": a recipient's latest answers.
create index join_requests_answered_idx on join_requests (club_id, answered_at desc) where answered_at is not null;
create index guide_messages_replied_idx on guide_messages (guide_id, replied_at desc) where replied_at is not null;
