-- Forged report senders (issue 26, item 3). A "not meeting any more" report now names its sender by the client's
-- network (an IPv4 /24 or IPv6 /64, hashed as before), not by the email a visitor may make up: sender_key keeps its
-- shape, and older rows keep the key they were written with.
--
-- The host's "Yes, still meeting" closes the club's open "not meeting any more" reports: they leave the queue as
-- completed, with the reason the admin's queue shows. An admin who reopens one clears it.
create type report_resolution as enum ('host-confirmed');
alter table club_questions
  add column resolution report_resolution,
  add constraint club_questions_resolution_of_completed_report check (resolution is null or (kind = 'report' and status = 'completed'));

