-- Accounts, sessions, clubs, HOST SET codes, contact requests and the admin's question queue.

create type user_role as enum ('admin', 'host');
create type membership_type as enum ('lifetime', 'yearly', 'none');
create type contact_reason as enum ('schedule', 'question', 'complaint', 'other');
create type question_status as enum ('pending', 'contacted', 'completed');

create domain us_state as char(2) check (value in (
  'AL','AK','AZ','AR','CA','CO','CT','DE','FL','GA','HI','ID','IL','IN','IA','KS','KY','LA','ME','MD',
  'MA','MI','MN','MS','MO','MT','NE','NV','NH','NJ','NM','NY','NC','ND','OH','OK','OR','PA','RI','SC',
  'SD','TN','TX','UT','VT','VA','WA','WV','WI','WY'
));

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 254),
  username text check (username ~ '^[a-z0-9_.-]{3,40}$'),
  password_hash text not null,
  role user_role not null default 'host',
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email));
create unique index users_username_key on users (username);

-- Lucia's table: `id` is the SHA-256 of the cookie's token, never the token itself.
create table user_sessions (
  id text primary key check (id ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null
);
create index user_sessions_user_id_idx on user_sessions (user_id);

create table host_set_codes (
  code text primary key check (code ~ '^[A-Z0-9-]{4,40}$'),
  note text check (char_length(note) <= 200),
  issued_at timestamptz not null default now(),
  redeemed_at timestamptz,
  revoked_at timestamptz,
  check (redeemed_at is null or revoked_at is null)
);

create table clubs (
  id integer generated always as identity primary key,
  owner_id uuid not null unique references users (id) on delete cascade,
  host_name text not null check (char_length(host_name) between 2 and 100),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 254),
  club_name text not null check (char_length(club_name) between 2 and 120),
  city text not null check (char_length(city) between 2 and 100),
  state us_state not null,
  zip_code char(5) not null check (zip_code ~ '^[0-9]{5}$'),
  description text check (char_length(description) <= 2000),
  website text check (website ~ '^https?://' and char_length(website) <= 500),
  meeting_schedule text check (char_length(meeting_schedule) <= 200),
  is_verified boolean not null default false,
  membership_type membership_type not null default 'none',
  renewal_date date,
  -- One club per code; a redeemed code stays redeemed even if its club is deleted later.
  host_set_code text not null unique references host_set_codes (code),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((membership_type = 'yearly') = (renewal_date is not null))
);
-- The public directory reads only verified clubs: newest first, and by state.
create index clubs_verified_recent_idx on clubs (created_at desc) where is_verified;
create index clubs_verified_state_idx on clubs (state, created_at desc) where is_verified;

create table contact_requests (
  id integer generated always as identity primary key,
  name text not null check (char_length(name) between 2 and 100),
  email text not null check (char_length(email) <= 254),
  phone text not null check (char_length(phone) between 10 and 30),
  coach_name text not null check (char_length(coach_name) between 2 and 100),
  message text not null check (char_length(message) between 10 and 5000),
  contact_reason contact_reason not null default 'schedule',
  created_at timestamptz not null default now()
);

create table club_questions (
  id integer generated always as identity primary key,
  name text not null check (char_length(name) between 1 and 100),
  email text not null check (char_length(email) <= 254),
  question text not null check (char_length(question) between 1 and 5000),
  status question_status not null default 'pending',
  contact_request_id integer unique references contact_requests (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index club_questions_recent_idx on club_questions (created_at desc);
