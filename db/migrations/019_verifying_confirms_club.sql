-- Verifying a club confirms that it meets, as its host's "Yes, still meeting" does (docs/decisions/019): a club that
-- waited months for verification starts its 90 days from the verification, instead of leaving the directory at the
-- next run of the check-ins job. A trigger, so that every way of verifying (the Club Management card, the admin's
-- table and editor) does it.
create function clubs_confirm_on_verify() returns trigger
language plpgsql as $$
begin
  new.confirmed_at := greatest(new.confirmed_at, now());
  new.needs_check_in_since := null;
  new.inactive_since := null;
  return new;
end
$$;

create trigger clubs_confirm_on_verify
  before update of is_verified on clubs
  for each row when (new.is_verified and not old.is_verified)
  execute function clubs_confirm_on_verify();
