-- Members of a club (issue 40): a visitor the host marked "They've joined", or a person the host added, by name and
-- email, without an account. A member is one row: leaving, "I did not ask for this" and the host's removal delete it,
-- and a club's deletion deletes its members (cascade). The address is seen by the club's host and the admin only;
-- the public sees a count. Only hashes of link tokens are stored (platform/tokens.ts).
create table club_members (
  id bigint generated always as identity primary key,
  club_id integer not null references clubs (id) on delete cascade,
  name text not null check (char_length(name) between 2 and 100),
  email text not null check (char_length(email) <= 254),
  -- SHA-256 of the mailbox the address reaches (platform/email/acknowledgements.ts): one member per mailbox and club
  -- whatever its spelling, and the key of "send me my link again".
  mailbox_hash text not null check (mailbox_hash ~ '^[0-9a-f]{64}$'),
  -- How the person became a member: the host marked their join request joined, or the host added them.
  source text not null check (source in ('join-request', 'host')),
  join_request_id integer references join_requests (id) on delete set null,
  created_at timestamptz not null default now()
);
create unique index club_members_club_mailbox_idx on club_members (club_id, mailbox_hash);
create index club_members_mailbox_idx on club_members (mailbox_hash);

-- The links of the emails to a member. Each is single-purpose: 'club' opens the member's "Your club" page (and leaves
-- or downloads their data from it), 'not-me' removes a person the host added who did not ask for it. Later purposes
-- (an RSVP's answer for one session, the reminders' unsubscribe) add to the check and use session_start.
create table member_links (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  member_id bigint not null references club_members (id) on delete cascade,
  purpose text not null check (purpose in ('club', 'not-me')),
  -- The session a link is about (reserved for RSVP links); null for the links above.
  session_start timestamptz,
  created_at timestamptz not null default now()
);
create index member_links_member_idx on member_links (member_id);

-- The club's number of members, kept by the members domain in the transaction that adds or deletes one, so that the
-- directory's lists read it from the club's row (the public sees it from 3 members) without counting per row.
alter table clubs add column member_count integer not null default 0 check (member_count between 0 and 200);
