-- Issue 42: the language an alert's emails are written in, the page's it was set up from (docs/decisions/041). An alert
-- belongs to an address, not an account, so its confirmation, its matches and its "Keep this alert?" follow the page
-- the visitor asked from; every alert before this one was set up in English.
alter table alerts add column language text not null default 'en' check (language in ('en', 'es'));
