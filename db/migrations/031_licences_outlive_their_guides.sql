-- Deleting an account (issue 29) keeps the payment records without the person: each licence it held is ended first,
-- then the licence and its orders stay with no guide. A licence that still holds its area always has its guide.
alter table licences
  alter column guide_id drop not null,
  drop constraint licences_guide_id_fkey,
  add constraint licences_guide_id_fkey foreign key (guide_id) references guides (user_id) on delete set null,
  add constraint licences_ended_without_guide check (guide_id is not null or status in ('lapsed', 'cancelled', 'released', 'revoked', 'expired'));

-- The admins' notice that a deleted account's licences were ended.
alter type admin_notification_kind add value 'licences-given-up';
