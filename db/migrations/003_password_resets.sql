-- Single-use password reset links. Only the SHA-256 of the token is stored, as with sessions.
create table password_reset_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user_id_idx on password_reset_tokens (user_id);
