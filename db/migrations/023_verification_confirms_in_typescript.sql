-- Verifying a club still confirms it (docs/decisions/019), but the rule now lives with the rest of verification in
-- src/lib/server/clubs/admin-clubs.ts, where a reader of the TypeScript finds it.
drop trigger clubs_confirm_on_verify on clubs;
drop function clubs_confirm_on_verify();
