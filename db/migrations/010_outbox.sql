-- Emails waiting to be sent. A request writes its email here in the transaction of its change, so the email exists
-- exactly when the change does, and the request never waits for a mail server; the job worker
-- (src/lib/server/jobs/) sends it. Rows stay after sending (without their text) and after failing for good.
create table outbox (
  id bigint generated always as identity primary key,
  recipient text not null,
  subject text not null,
  -- Set to null once sent: a password-reset email holds a live reset link, which the database otherwise keeps only
  -- as a hash.
  body text,
  created_at timestamptz not null default now(),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  -- Written by the statement that claims the message: until then no other worker takes it.
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz,
  failed_at timestamptz,
  check (sent_at is null or failed_at is null),
  check (sent_at is not null or body is not null)
);
-- The worker's one question: the oldest unsent message that is due.
create index outbox_due_idx on outbox (next_attempt_at, id) where sent_at is null and failed_at is null;

-- Scheduled jobs that run once per due time, whichever of several instances gets there first: an instance runs a job
-- only after moving its next_run_at forward in one conditional statement (src/lib/server/jobs/job-runs.ts).
create table scheduled_jobs (
  name text primary key,
  next_run_at timestamptz not null,
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_error text
);
