-- Listings that stay true (docs/decisions/019): emails with an HTML part, the admins' notifications and their
-- choice of how to get them, visitors' reports of a problem with a club, and the hosts' check-ins.

-- The simple HTML part beside the plain text; dropped with the text once sent.
alter table outbox add column html text;
alter table outbox add check (sent_at is null or html is null);

-- How an admin hears of what needs them: an email for each notification, one daily digest, or none (they still see
-- everything on /admin-notifications). Null: the server's ADMIN_NOTIFY setting.
create type admin_notify as enum ('each', 'digest', 'none');
alter table users add column notify admin_notify;
-- The last notification a digest of this admin's has covered.
alter table users add column digest_through bigint not null default 0;

-- What the admins are told of. Written in the transaction of the event, with an email to each admin who takes each
-- one; the daily digest job gathers the rest (src/lib/server/notifications/).
create type admin_notification_kind as enum ('club-registered', 'question', 'report', 'check-in-overdue', 'licence-reserved');
create table admin_notifications (
  id bigint generated always as identity primary key,
  kind admin_notification_kind not null,
  -- One line, as the digest lists it and as the subject of its own email.
  summary text not null check (char_length(summary) between 1 and 300),
  -- The path of the admin page that acts on it.
  link text not null check (link ~ '^/'),
  club_id integer references clubs (id) on delete set null,
  created_at timestamptz not null default now()
);

-- Reports of a problem with a club share the questions queue (same statuses, same counts) as their own kind.
create type question_kind as enum ('question', 'report');
create type report_reason as enum ('not-meeting', 'wrong-time-or-place', 'host-not-answering', 'something-else');
alter table club_questions
  add column kind question_kind not null default 'question',
  add column club_id integer references clubs (id) on delete set null,
  add column report_reason report_reason,
  -- Who sent a report, as a hash of their email or, without one, of their address: "three reports from different
  -- senders" counts these, and they reveal neither.
  add column sender_key text check (sender_key ~ '^[0-9a-f]{64}$'),
  -- A report's email is optional (for a reply) and it has no name.
  alter column name drop not null,
  alter column email drop not null,
  add constraint club_questions_kind_fields check (
    case kind
      when 'question' then name is not null and email is not null and report_reason is null
      else report_reason is not null and sender_key is not null
    end
  );
create index club_questions_open_reports_idx on club_questions (club_id, report_reason) where kind = 'report' and status <> 'completed';

-- Check-ins: when the host last said the club still meets (the registration counts as the first time), when it was
-- found to need a check-in (120 days unconfirmed, or three "not meeting any more" reports), and since when it is
-- inactive (180 days unconfirmed, or the host said it stopped): off the public directory, kept for the admin and host.
alter table clubs
  add column confirmed_at timestamptz not null default now(),
  add column needs_check_in_since timestamptz,
  add column inactive_since timestamptz;
update clubs set confirmed_at = created_at;

-- Each "Is your club still meeting?" email. The link carries a random token; only its SHA-256 is kept. One answer
-- per check-in, before it expires.
create type check_in_answer as enum ('still-meeting', 'stopped');
create table club_check_ins (
  id bigint generated always as identity primary key,
  club_id integer not null references clubs (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  -- Why it was sent: the 90-day round or the visitors' reports.
  cause text not null check (cause in ('scheduled', 'reports')),
  sent_at timestamptz not null default now(),
  expires_at timestamptz not null,
  answered_at timestamptz,
  answer check_in_answer,
  check ((answered_at is null) = (answer is null))
);
create index club_check_ins_club_idx on club_check_ins (club_id, sent_at desc);
