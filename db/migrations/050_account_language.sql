-- Issue 42: an account's language, which the emails to its holder are written in (docs/decisions/041). Set from the
-- page the account was registered on, changeable on /account; every account before this one registered in English.
alter table users add column language text not null default 'en' check (language in ('en', 'es'));
