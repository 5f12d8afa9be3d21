-- An email change can no longer outlive its account's recovery (issue 37 F0). Its link is bound to the password the
-- account had when the change was asked for (the SHA-256 of that password hash, so no second copy of the hash is
-- kept): any password change voids it. A password reset or change, a confirmation of the current address, or the
-- current address's "This wasn't me" link cancel it (`cancelled_by`), and its page says which. The notice to the
-- current address carries the "This wasn't me" link, of which only the SHA-256 of its token is stored.
alter table email_confirmations
  add column password_digest bytea,
  add column cancel_token_hash text unique check (cancel_token_hash ~ '^[0-9a-f]{64}$'),
  add column cancelled_at timestamptz,
  add column cancelled_by text check (cancelled_by in ('password', 'confirmation', 'holder')),
  add constraint email_confirmations_cancelled check ((cancelled_at is null) = (cancelled_by is null)),
  add constraint email_confirmations_change_bound check (not changes_email or used_at is not null or password_digest is not null);

-- A change asked for before this migration is bound to nothing: it ends here, as if its link had expired.
update email_confirmations set expires_at = least(expires_at, now()), password_digest = ''::bytea
where changes_email and used_at is null;

-- Unconfirmed accounts are looked for by the daily clean-up (src/lib/server/app/accounts.ts).
create index users_unconfirmed_idx on users (created_at) where email_confirmed_at is null;
