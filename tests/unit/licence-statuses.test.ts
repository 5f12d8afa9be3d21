import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LISTING_STATUSES } from '#lib/guides/types.ts';
import {
  canMove,
  HELD_STATUSES,
  isHeld,
  LICENCE_MOVES,
  LICENCE_STATUSES,
  type LicenceMove,
  type LicenceStatus,
} from '#lib/licensing/types.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Every file under `dir` (relative to the repository) whose name ends with `extension`, with its text. */
function filesUnder(dir: string, extension: string): { file: string; text: string }[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(extension))
    .map((name) => ({ file: path.join(dir, name), text: fs.readFileSync(path.join(ROOT, dir, name), 'utf8') }));
}

/** The lists of licence statuses written out in SQL (`status in ('reserved', …)`) in these files. */
function literalStatusLists(files: { file: string; text: string }[]): { file: string; statuses: string[] }[] {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(/status\s+in\s+\(((?:\s*'[a-z_]+'\s*,?)+)\)/gi)]
      .map((match) => ({ file, statuses: [...match[1]!.matchAll(/'([a-z_]+)'/g)].map((quoted) => quoted[1]!) }))
      .filter(({ statuses }) => statuses.every((status) => (LICENCE_STATUSES as readonly string[]).includes(status))),
  );
}

describe('the held statuses', () => {
  it('are spelled in SQL only where a partial index needs the literal list, and there exactly as HELD_STATUSES', () => {
    const server = literalStatusLists(filesUnder('src/lib/server', '.ts')).filter(({ statuses }) => statuses.includes('reserved'));
    const migrations = literalStatusLists(filesUnder('db/migrations', '.sql')).filter(({ statuses }) => statuses.includes('reserved'));
    // holdsArea (licensing/areas-read-model.ts) and licences_held_idx (migration 013), whose predicates must match for the index to serve.
    expect(server.map(({ file }) => path.basename(file))).toEqual(['areas-read-model.ts']);
    expect(migrations.map(({ file }) => path.basename(file))).toEqual(['013_guide_licensing.sql']);
    for (const { statuses } of [...server, ...migrations]) expect(statuses).toEqual([...HELD_STATUSES]);
  });

  it('that list a guide are spelled in SQL only in the listing condition and its partial index, there as LISTING_STATUSES', () => {
    // Lists of held statuses but 'reserved' (migration 013's check on ends_at lists 'expired' too, and is no such list).
    const isListing = ({ statuses }: { statuses: string[] }) =>
      !statuses.includes('reserved') && statuses.every((status) => isHeld(status as LicenceStatus));
    const server = literalStatusLists(filesUnder('src/lib/server', '.ts')).filter(isListing);
    const migrations = literalStatusLists(filesUnder('db/migrations', '.sql')).filter(isListing);
    expect(new Set(server.map(({ file }) => path.basename(file)))).toEqual(new Set(['guide-listing.ts']));
    expect(migrations.map(({ file }) => path.basename(file))).toEqual(['027_guide_profiles_and_messages.sql']);
    for (const { statuses } of [...server, ...migrations]) expect(statuses).toEqual([...LISTING_STATUSES]);
    for (const status of LISTING_STATUSES) expect(isHeld(status)).toBe(true);
  });

  it('are the ones a licence can be revoked from: every licence that holds its area, and only those', () => {
    for (const status of LICENCE_STATUSES) expect(canMove(status, 'revoke')).toBe(isHeld(status));
  });
});

describe('the licence moves', () => {
  it('start from held statuses, and each leaves the licence held or not as its target says', () => {
    for (const [move, { from, to }] of Object.entries(LICENCE_MOVES)) {
      for (const status of from) expect(isHeld(status), `${move} from ${status}`).toBe(true);
      if (to) expect(isHeld(to), `${move} to ${to}`).toBe(move === 'mark-paid' || move === 'enter-grace');
    }
  });

  it('let the guide cancel and the admin release only a reservation, and renew a licence that is active or in grace', () => {
    const startsFrom = (move: LicenceMove) => LICENCE_STATUSES.filter((status) => canMove(status, move));
    expect(startsFrom('cancel')).toEqual(['reserved']);
    expect(startsFrom('release')).toEqual(['reserved']);
    expect(startsFrom('renew')).toEqual(['active', 'grace']);
  });
});
