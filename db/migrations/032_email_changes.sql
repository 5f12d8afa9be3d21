-- An account's email changes only once the new address confirms it (issue 29): the request sends a link to the new
-- address, and the link is an email confirmation that also moves the account to the address it was sent to. Without
-- this mark, an old confirmation link of an address the account no longer has would look like a change back to it.
alter table email_confirmations add column changes_email boolean not null default false;

-- Every account now confirms its email (hosts too, not only guides at their first reservation). An account that has
-- reset its password through an emailed link has shown that its address reaches it: it counts as confirmed.
update users u set email_confirmed_at = now()
where u.email_confirmed_at is null
  and exists (select 1 from password_reset_tokens t where t.user_id = u.id and t.used_at is not null);
