import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountDataCopy, deletionEffectsFor } from '#lib/app/account-data-copy.ts';
import { signInPath } from '#lib/shared/return-path.ts';

const policy = fs.readFileSync(new URL('../../src/content/policy/privacy.md', import.meta.url), 'utf8');

describe('the Your data card and the privacy policy', () => {
  it('say word for word what the export holds', () => {
    expect(policy).toContain(accountDataCopy.export);
  });

  it('list word for word, in the same order, what deleting an account does, and why some records are kept', () => {
    const { intro, effects, keptBecause } = accountDataCopy.delete;
    const list = [intro, '', ...effects.map(({ text }) => `- ${text}`), '', keptBecause].join('\n');
    expect(policy).toContain(list);
  });

  it("tell an account only what deleting it does: no club's effect without a club, no licences' for a host who is no guide", () => {
    const [club, licences, , payments] = accountDataCopy.delete.effects.map(({ text }) => text);
    expect(deletionEffectsFor({ clubId: 7, isGuide: true })).toEqual(accountDataCopy.delete.effects.map(({ text }) => text));
    const guide = deletionEffectsFor({ clubId: null, isGuide: true });
    expect(guide).not.toContain(club);
    expect(guide).toContain(licences);
    const host = deletionEffectsFor({ clubId: 7, isGuide: false });
    expect(host).toContain(club);
    expect(host).not.toContain(licences);
    expect(host).not.toContain(payments);
  });

  it('no longer has a person write to the team for a copy of their data or its deletion', () => {
    expect(policy).not.toMatch(/ask us for a copy|ask us to delete your account/i);
    // The Account page by way of the sign-in, which goes on to it (at once when signed in): /account itself answers a
    // signed-out reader, and a crawler, 401 (tests/api/links.test.ts).
    expect(policy).toContain(`[Account page](${signInPath('host', '/account')})`);
  });
});
