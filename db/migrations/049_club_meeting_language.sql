-- Issue 42: the language a club meets in, which its host chooses: English, Spanish, both, or another. The clubs
-- registered before it was asked meet in English, as the whole site was English then.
alter table clubs
  add column meeting_language text not null default 'en' check (meeting_language in ('en', 'es', 'en-and-es', 'other'));

-- The directory filters by language as it does by day and format: through meeting_bits (a bit for English, one for
-- Spanish, one for another language; meetingFilterBits in src/lib/clubs/meetings/types.ts), so that the indexes on
-- meeting_keys (migration 017) and on the newest clubs with their bits (migration 022) serve the language filter too.
-- The server writes the bits with the language; a club inserted without either (a test's fixture, a script) has the
-- default language and, from now on, its bit: English, bit 23.
update clubs set meeting_bits = meeting_bits | (1 << 23);
alter table clubs alter column meeting_bits set default 8388608;

-- Every club's meeting_keys changed: the planner's statistics on them, which pick between the GIN index and the
-- ordered scans per filter, are read again now rather than at autovacuum's next pass.
analyze clubs;
