// The one-click unsubscribe (RFC 8058) of the notification emails sent to accounts (issue 41 item 17): the admins'
// notifications and digests, the hosts' morning summary, the hosts' and guides' reminders of an unanswered message.
// Alerts and members' reminders have links of their own (alerts/, members/), tied to their rows.

/** Where a mail reader's one-click POST goes (List-Unsubscribe); a GET there leads to UNSUBSCRIBE_PAGE_PATH. */
export const EMAIL_UNSUBSCRIBE_PATH = '/api/email-settings/unsubscribe';
/** The page a person who opens the link sees: what the link stops, and a button that stops it (a POST). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The kinds of email an account can stop from the email itself; each turns off one setting. */
export const UNSUBSCRIBE_KINDS = ['admin-each', 'admin-digest', 'rsvp-summary', 'reply-reminders'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** What the page says of each kind: the emails it stops, what stays, and where the setting is to turn them back on. */
export const UNSUBSCRIBE_WORDS: Record<
  UnsubscribeKind,
  { emails: string; stays: string; settingsLabel: string; settingsPath: (subject: string) => string }
> = {
  'admin-each': {
    emails: 'the email for each admin notification',
    stays: 'Every notification stays listed on Admin Notifications.',
    settingsLabel: 'your email setting on Admin Notifications',
    settingsPath: () => '/admin-notifications',
  },
  'admin-digest': {
    emails: 'the daily digest of admin notifications',
    stays: 'Every notification stays listed on Admin Notifications.',
    settingsLabel: 'your email setting on Admin Notifications',
    settingsPath: () => '/admin-notifications',
  },
  'rsvp-summary': {
    emails: 'the morning summary of who is coming to your club',
    stays: 'Your members still get their reminders, and your club profile still shows their answers.',
    settingsLabel: 'the Reminders card of your club profile',
    settingsPath: (clubId) => `/club-profile/${clubId}#reminders`,
  },
  'reply-reminders': {
    emails: 'the reminders of join requests and messages you have not answered',
    stays: 'You still get every join request and message itself. One left unanswered is still followed up by the FlameKeeper team.',
    settingsLabel: 'your account',
    settingsPath: () => '/account#emails',
  },
};
