import { describe, expect, it } from 'vitest';
import { composeEmail } from '#server/platform/email/compose.ts';
import { clubUnverifiedEmail, membershipEmail } from '#server/clubs/club-emails.ts';

const club = { id: 12, email: 'host@example.com', hostName: 'Robin Vale', clubName: 'Riverbend <Embers>' };

describe('composeEmail', () => {
  it('lists links in both parts: a line and its address in the text, an escaped link in the HTML', () => {
    const mail = composeEmail({
      to: 'admin@example.com',
      subject: 'Digest',
      paragraphs: ['What came in:'],
      links: [{ label: 'New club awaiting verification: A & B', url: 'https://example.org/admin-clubs?club=3&x=1' }],
      actions: [{ label: 'Open Admin Notifications', url: 'https://example.org/admin-notifications' }],
      reason: 'Because.',
    });
    expect(mail.text).toContain('- New club awaiting verification: A & B\n  https://example.org/admin-clubs?club=3&x=1');
    expect(mail.html).toContain(
      '<li style="margin:0 0 8px"><a href="https://example.org/admin-clubs?club=3&amp;x=1" style="color:#92400e">New club awaiting verification: A &amp; B</a></li>',
    );
  });

  it('makes a detail that is a web address a link in the HTML (the store to pay at), and leaves other values text', () => {
    const mail = composeEmail({
      to: 'guide@example.com',
      subject: 'Your reservation',
      paragraphs: ['How to pay:'],
      details: [
        ['Pay at', 'https://store.example.org/licence?a=1&b=2'],
        ['Note', 'see https://example.org and <b>this</b>'],
        ['Not a web link', 'javascript:alert(1)'],
      ],
      actions: [{ label: 'Your licences', url: 'https://example.org/my-licences' }],
      reason: 'Because.',
    });
    expect(mail.html).toContain(
      '<td style="padding:2px 0"><a href="https://store.example.org/licence?a=1&amp;b=2" style="color:#92400e">https://store.example.org/licence?a=1&amp;b=2</a></td>',
    );
    expect(mail.html).toContain('<td style="padding:2px 0">see https://example.org and &lt;b&gt;this&lt;/b&gt;</td>');
    expect(mail.html).toContain('<td style="padding:2px 0">javascript:alert(1)</td>');
    expect(mail.text).toContain('  Pay at: https://store.example.org/licence?a=1&b=2');
  });
});

describe("the host's emails", () => {
  it("quote the admin's reason for unverifying, escaped in the HTML, and say nothing of one when there is none", () => {
    const withReason = clubUnverifiedEmail(club, 'Closed <for good>', 'https://example.org');
    expect(withReason.text).toContain('The reason they gave:\nClosed <for good>');
    expect(withReason.html).toContain('Closed &lt;for good&gt;');
    expect(clubUnverifiedEmail(club, null, 'https://example.org').text).not.toContain('The reason');
  });

  it('give a yearly membership its renewal date in words', () => {
    const mail = membershipEmail({ ...club, membershipType: 'yearly', renewalDate: '2027-11-25' }, 'https://example.org');
    expect(mail.text).toContain('It renews on November 25, 2027.');
    expect(mail.text).toContain('Your club profile: https://example.org/club-profile/12');
  });
});
