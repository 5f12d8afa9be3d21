-- Every admin change: who, when, what, and the club's fields before and after. Rows outlive the club they describe.
create table audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid references users (id) on delete set null,
  actor_email text not null,
  action text not null check (action ~ '^[a-z][a-z.-]{2,40}$'),
  club_id integer,
  subject text,
  before jsonb,
  after jsonb,
  created_at timestamptz not null default now()
);
create index audit_log_club_idx on audit_log (club_id, created_at desc);
