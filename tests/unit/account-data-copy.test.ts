import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountDataCopy } from '#lib/app/account-data-copy.ts';

const policy = fs.readFileSync(new URL('../../src/content/policy/privacy.md', import.meta.url), 'utf8');

describe('the Your data card and the privacy policy', () => {
  it('say word for word what the export holds', () => {
    expect(policy).toContain(accountDataCopy.export);
  });

  it('list word for word, in the same order, what deleting an account does', () => {
    const list = [accountDataCopy.delete.intro, '', ...accountDataCopy.delete.effects.map((effect) => `- ${effect}`)].join('\n');
    expect(policy).toContain(list);
  });

  it('no longer has a person write to the team for a copy of their data or its deletion', () => {
    expect(policy).not.toMatch(/ask us for a copy|ask us to delete your account/i);
    expect(policy).toContain('[Account page](/account)');
  });
});
