import { beforeAll, describe, expect, it } from 'vitest';
import { CLUB_ACTIONS } from '#server/clubs/admin-clubs.ts';
import { asUser, newCode, registerHost, request, signInAdmin, testSql } from '../support/api.ts';
import { insertClub } from '../support/clubs.ts';
import { confirmEmail } from '../support/licensing.ts';
import { handlersIn, routesInFiles } from '../support/routes.ts';

// Every API route file × every kind of caller, with the status each must get. The matrix is checked against the
// route files themselves: a new endpoint without an entry here fails the first test.

type Caller = 'anonymous' | 'host' | 'otherHost' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'host', 'otherHost', 'admin'];

interface Fixture {
  /** A verified club owned by `host`; `otherHost` owns another club. */
  clubId: number;
  /** A club for the admin to delete. */
  doomedClubId: number;
  /** A verified club with meeting times, so that it has a calendar. */
  scheduledClubId: number;
  questionId: number;
  code: string;
  /** A reservation held by `host`, which it cancels. */
  licenceId: number;
  /** A reservation of another guide's, for the admin's actions. */
  adminLicenceId: number;
  /** The account of `host`, a guide too once it has reserved. */
  hostUserId: string;
  /** A message in the inbox of `host`, as a guide. */
  guideMessageId: number;
  /** A request to join the club of `host`. */
  joinRequestId: number;
  /** A member of the club of `host`, whom the host removes. */
  memberId: number;
}

interface Entry {
  /** Tells apart several rows for one route (a route whose path segment selects what it does). */
  label?: string;
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** The caller signs in anew for this request (logging out ends the session). */
  freshSession?: boolean;
  expect: Record<Caller, number>;
}

const everyone = (status: number): Record<Caller, number> => ({ anonymous: status, host: status, otherHost: status, admin: status });
const adminOnly = (status = 200): Record<Caller, number> => ({ anonymous: 401, host: 403, otherHost: 403, admin: status });
// Unverify first and verify last, so the host's club is verified again for the rows that need a verified club.
const CLUB_ACTIONS_TESTED = ['unverify', 'set-yearly', 'set-lifetime', 'verify'];
const profile = { hostName: 'Robin Vale', clubName: 'Matrix Circle', city: 'Asheville', state: 'NC', zipCode: '28801' };

/** A token of an alert link's shape (43 base64url characters) that no email ever carried. */
const UNSENT_ALERT_TOKEN = 'not-an-alert-link-token-of-43-characters-at';
const UNSIGNED_UNSUBSCRIBE_TOKEN = `reply-reminders.${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}.${'A'.repeat(43)}`;

const MATRIX: Record<string, Entry | Entry[]> = {
  'GET /api/auth/user': { path: () => '/api/auth/user', expect: { anonymous: 401, host: 200, otherHost: 200, admin: 200 } },
  'POST /api/logout': { path: () => '/api/logout', freshSession: true, expect: everyone(200) },
  'GET /api/login': { path: () => '/api/login', expect: everyone(303) },
  'POST /api/login': { path: () => '/api/login', body: () => ({ emailOrUsername: 'nobody', password: 'wrong' }), expect: everyone(401) },
  'GET /api/population-tiers': { path: () => '/api/population-tiers', expect: everyone(200) },
  // Without SHOPIFY_WEBHOOK_SECRET (this file's server) the store's webhook does not exist; a session changes nothing
  // (signed deliveries: tests/api/store-shopify.test.ts).
  'POST /api/webhooks/shopify': { path: () => '/api/webhooks/shopify', body: () => ({}), expect: everyone(404) },
  'POST /api/contact-requests': {
    path: () => '/api/contact-requests',
    body: () => ({
      name: 'Matrix Test',
      email: 'matrix@example.com',
      phone: '5550001111',
      coachName: 'Coach Name',
      message: 'A message for the matrix test.',
    }),
    expect: everyone(201),
  },
  'GET /api/clubs': { path: () => '/api/clubs', expect: everyone(200) },
  'GET /api/clubs/search': { path: () => '/api/clubs/search?state=NC', expect: everyone(200) },
  'GET /api/clubs/nearest': { path: () => '/api/clubs/nearest?state=NC', expect: everyone(200) },
  'POST /api/clubs/verify-code': { path: () => '/api/clubs/verify-code', body: (f) => ({ hostSetCode: f.code }), expect: everyone(200) },
  'POST /api/clubs/register': { path: () => '/api/clubs/register', body: () => ({}), expect: everyone(400) },
  'POST /api/clubs/signin': {
    path: () => '/api/clubs/signin',
    body: () => ({ email: 'nobody@example.com', password: 'wrong' }),
    expect: everyone(200),
  },
  'POST /api/clubs/forgot-password': {
    path: () => '/api/clubs/forgot-password',
    body: () => ({ email: 'nobody@example.com' }),
    expect: everyone(200),
  },
  'POST /api/clubs/reset-password': {
    path: () => '/api/clubs/reset-password',
    body: () => ({ token: 'not-a-real-reset-token-at-all', password: 'kindling', confirmPassword: 'kindling' }),
    expect: everyone(400),
  },
  'GET /api/clubs/[id]': { path: (f) => `/api/clubs/${f.clubId}`, expect: { anonymous: 404, host: 200, otherHost: 404, admin: 200 } },
  'PUT /api/clubs/[id]': {
    path: (f) => `/api/clubs/${f.clubId}`,
    body: () => profile,
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
  },
  'GET /api/clubs/[id]/contact': { path: (f) => `/api/clubs/${f.clubId}/contact`, expect: everyone(200) },
  'GET /api/clubs/[id]/contact-host': { path: (f) => `/api/clubs/${f.clubId}/contact-host`, expect: everyone(303) },
  'GET /api/clubs/[id]/guides': { path: (f) => `/api/clubs/${f.clubId}/guides`, expect: everyone(200) },
  'GET /api/clubs/[id]/response-time': { path: (f) => `/api/clubs/${f.clubId}/response-time`, expect: everyone(200) },
  'POST /api/clubs/[id]/report': {
    path: (f) => `/api/clubs/${f.clubId}/report`,
    body: () => ({ reason: 'wrong-time-or-place', details: 'A report for the matrix test.' }),
    expect: everyone(201),
  },
  'GET /api/clubs/[id]/calendar.ics': { path: (f) => `/api/clubs/${f.scheduledClubId}/calendar.ics`, expect: everyone(200) },
  'POST /api/clubs/[id]/[action]': [
    ...CLUB_ACTIONS_TESTED.map((action): Entry => ({
      label: action,
      path: (f) => `/api/clubs/${f.clubId}/${action}`,
      expect: adminOnly(),
    })),
    { label: 'an unknown action', path: (f) => `/api/clubs/${f.clubId}/delete`, expect: everyone(404) },
  ],
  'POST /api/clubs/[id]/still-meeting': {
    path: (f) => `/api/clubs/${f.clubId}/still-meeting`,
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
  },
  'POST /api/clubs/[id]/join-requests': {
    path: (f) => `/api/clubs/${f.clubId}/join-requests`,
    body: () => ({ name: 'Matrix Test', email: `matrix.${Math.random().toString(36).slice(2)}@example.com`, start: 'next-cycle' }),
    expect: everyone(201),
  },
  'GET /api/clubs/[id]/join-requests': {
    path: (f) => `/api/clubs/${f.clubId}/join-requests`,
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
  },
  'GET /api/clubs/[id]/join-requests/options': { path: (f) => `/api/clubs/${f.clubId}/join-requests/options`, expect: everyone(200) },
  'POST /api/clubs/[id]/join-requests/[requestId]/[answer]': [
    {
      label: 'replied',
      path: (f) => `/api/clubs/${f.clubId}/join-requests/${f.joinRequestId}/replied`,
      expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
    },
    {
      label: 'an unknown answer',
      path: (f) => `/api/clubs/${f.clubId}/join-requests/${f.joinRequestId}/archived`,
      expect: { ...everyone(404), anonymous: 401 },
    },
  ],
  'PUT /api/clubs/[id]/accepting-members': {
    path: (f) => `/api/clubs/${f.clubId}/accepting-members`,
    body: () => ({ acceptingMembers: true }),
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
  },
  // Members (issue 40): the host's and the admin's, by the club, as its join requests.
  'GET /api/clubs/[id]/members': {
    path: (f) => `/api/clubs/${f.clubId}/members`,
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
  },
  'POST /api/clubs/[id]/members': {
    path: (f) => `/api/clubs/${f.clubId}/members`,
    body: () => ({ name: 'Matrix Member', email: `member.${Math.random().toString(36).slice(2)}@example.com` }),
    expect: { anonymous: 401, host: 201, otherHost: 404, admin: 201 },
  },
  // The host removes the member; the admin, after, finds it gone.
  'DELETE /api/clubs/[id]/members/[memberId]': {
    path: (f) => `/api/clubs/${f.clubId}/members/${f.memberId}`,
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 404 },
  },
  // Anyone may ask for a member's link: the answer is the same for every address.
  'POST /api/clubs/[id]/members/link': {
    path: (f) => `/api/clubs/${f.clubId}/members/link`,
    body: () => ({ email: 'nobody.matrix@example.com' }),
    expect: everyone(200),
  },
  // A member's links need no account: a session changes nothing. A token that was never sent is 404.
  'POST /api/members/leave': { path: () => '/api/members/leave', body: () => ({ token: UNSENT_ALERT_TOKEN }), expect: everyone(404) },
  'POST /api/members/not-me': { path: () => '/api/members/not-me', body: () => ({ token: UNSENT_ALERT_TOKEN }), expect: everyone(404) },
  'GET /api/members/data': { path: () => `/api/members/data?token=${UNSENT_ALERT_TOKEN}`, expect: everyone(404) },
  // Reminders and RSVPs (issue 40): the settings and the counts are the host's and the admin's; a member's links need
  // no account, and a token never sent is 404 whoever asks. The one-click unsubscribe's GET sends a person to its page.
  'GET /api/clubs/[id]/reminders': {
    path: (f) => `/api/clubs/${f.clubId}/reminders`,
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
  },
  'PUT /api/clubs/[id]/reminders': {
    path: (f) => `/api/clubs/${f.clubId}/reminders`,
    body: () => ({ reminderLead: 'two-hours', rsvpSummary: true }),
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
  },
  'GET /api/clubs/[id]/rsvps': {
    path: (f) => `/api/clubs/${f.clubId}/rsvps`,
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
  },
  'POST /api/members/rsvp': { path: () => '/api/members/rsvp', body: () => ({ token: UNSENT_ALERT_TOKEN }), expect: everyone(404) },
  'POST /api/members/rsvps': {
    path: () => '/api/members/rsvps',
    body: () => ({ token: UNSENT_ALERT_TOKEN, occurrence: '2027-03-15T00:00:00Z', answer: 'coming' }),
    expect: everyone(404),
  },
  'POST /api/members/reminders': {
    path: () => '/api/members/reminders',
    body: () => ({ token: UNSENT_ALERT_TOKEN, reminders: 'off' }),
    expect: everyone(404),
  },
  'POST /api/members/unsubscribe': { path: () => `/api/members/unsubscribe?token=${UNSENT_ALERT_TOKEN}`, expect: everyone(404) },
  'GET /api/members/unsubscribe': { path: () => `/api/members/unsubscribe?token=${UNSENT_ALERT_TOKEN}`, expect: everyone(303) },
  // A notification's one-click unsubscribe (issue 41 item 17): well formed, but not signed by this site.
  'POST /api/email-settings/unsubscribe': {
    path: () => `/api/email-settings/unsubscribe?token=${UNSIGNED_UNSUBSCRIBE_TOKEN}`,
    expect: everyone(404),
  },
  'GET /api/email-settings/unsubscribe': {
    path: () => `/api/email-settings/unsubscribe?token=${UNSIGNED_UNSUBSCRIBE_TOKEN}`,
    expect: everyone(303),
  },
  'GET /api/clubs/[id]/sessions': { path: (f) => `/api/clubs/${f.clubId}/sessions`, expect: everyone(200) },
  'GET /api/clubs/[id]/session-changes': {
    path: (f) => `/api/clubs/${f.clubId}/session-changes`,
    expect: { anonymous: 401, host: 200, otherHost: 404, admin: 200 },
  },
  // The club has no meeting times: a well-formed change names no session of it (404), once the caller may change it.
  'POST /api/clubs/[id]/session-changes': {
    path: (f) => `/api/clubs/${f.clubId}/session-changes`,
    body: () => ({ action: 'cancel', occurrence: '2030-01-03T00:00:00.000Z', note: 'Matrix test' }),
    expect: { anonymous: 401, host: 404, otherHost: 404, admin: 404 },
  },
  'DELETE /api/clubs/[id]/session-changes': {
    path: (f) => `/api/clubs/${f.clubId}/session-changes`,
    body: () => ({ occurrence: '2030-01-03T00:00:00.000Z' }),
    expect: { anonymous: 401, host: 404, otherHost: 404, admin: 404 },
  },
  'POST /api/join-requests/answer': {
    path: () => '/api/join-requests/answer',
    body: () => ({ token: 'not-a-join-request-token-of-43-characters-a', answer: 'replied' }),
    expect: everyone(404),
  },
  // Visitors' alerts need no account: a session changes nothing. A link's token that was never sent is 404.
  'POST /api/alerts': { path: () => '/api/alerts', body: () => ({}), expect: everyone(400) },
  'POST /api/alerts/club': { path: () => '/api/alerts/club', body: () => ({}), expect: everyone(400) },
  'POST /api/alerts/guides': { path: () => '/api/alerts/guides', body: () => ({}), expect: everyone(400) },
  ...Object.fromEntries(
    ['confirm', 'keep'].map((action) => [
      `POST /api/alerts/${action}`,
      { path: () => `/api/alerts/${action}`, body: () => ({ token: UNSENT_ALERT_TOKEN }), expect: everyone(404) },
    ]),
  ),
  'POST /api/alerts/delete': {
    path: () => '/api/alerts/delete',
    body: () => ({ token: UNSENT_ALERT_TOKEN, all: true }),
    expect: everyone(404),
  },
  'POST /api/alerts/unsubscribe': {
    path: () => `/api/alerts/unsubscribe?token=${UNSENT_ALERT_TOKEN}`,
    body: () => ({}),
    expect: everyone(404),
  },
  // A person who opens the unsubscribe link goes to the address's alerts page, which says the link is not valid.
  'GET /api/alerts/unsubscribe': { path: () => `/api/alerts/unsubscribe?token=${UNSENT_ALERT_TOKEN}`, expect: everyone(303) },
  'POST /api/check-ins': {
    path: () => '/api/check-ins',
    body: () => ({ token: 'not-a-check-in-token-of-43-characters-at-al', answer: 'still-meeting' }),
    expect: everyone(404),
  },
  'POST /api/needs-javascript': { path: () => '/api/needs-javascript', expect: everyone(303) },
  'POST /api/message-replies': {
    path: () => '/api/message-replies',
    body: () => ({ token: 'not-a-reply-link-token-of-43-characters-at-' }),
    expect: everyone(404),
  },
  'GET /api/admin/unanswered-messages': { path: () => '/api/admin/unanswered-messages', expect: adminOnly() },
  'POST /api/admin/unanswered-messages/[kind]/[id]/followed-up': {
    path: (f) => `/api/admin/unanswered-messages/guide-message/${f.guideMessageId}/followed-up`,
    expect: adminOnly(404),
  },
  'GET /api/admin/clubs': { path: () => '/api/admin/clubs', expect: adminOnly() },
  'PUT /api/admin/clubs/[id]': { path: (f) => `/api/admin/clubs/${f.clubId}`, body: () => ({ isVerified: true }), expect: adminOnly() },
  'DELETE /api/admin/clubs/[id]': { path: (f) => `/api/admin/clubs/${f.doomedClubId}`, expect: adminOnly() },
  'GET /api/admin/clubs/[id]/audit': { path: (f) => `/api/admin/clubs/${f.clubId}/audit`, expect: adminOnly() },
  'GET /api/admin/club-questions': { path: () => '/api/admin/club-questions', expect: adminOnly() },
  'PATCH /api/admin/club-questions/[id]/status': {
    path: (f) => `/api/admin/club-questions/${f.questionId}/status`,
    body: () => ({ status: 'contacted' }),
    expect: adminOnly(),
  },
  // 'each' is the site's default in tests: the emails to the admin in the file's other tests stay as they were.
  'PUT /api/admin/notification-setting': {
    path: () => '/api/admin/notification-setting',
    body: () => ({ notify: 'each' }),
    expect: adminOnly(),
  },
  'GET /api/admin/codes': { path: () => '/api/admin/codes', expect: adminOnly() },
  'POST /api/admin/codes': { path: () => '/api/admin/codes', body: () => ({ count: 1, note: 'matrix' }), expect: adminOnly(201) },
  'DELETE /api/admin/codes/[code]': { path: (f) => `/api/admin/codes/${f.code}`, expect: adminOnly() },
  'GET /api/admin/export/codes.csv': { path: () => '/api/admin/export/codes.csv', expect: adminOnly() },
  'GET /api/admin/export/clubs.csv': { path: () => '/api/admin/export/clubs.csv', expect: adminOnly() },
  'GET /api/areas/suggest': { path: () => '/api/areas/suggest?q=travis', expect: everyone(200) },
  'GET /api/zip-codes/[zip]/time-zone': { path: () => '/api/zip-codes/78704/time-zone', expect: everyone(200) },
  'GET /api/areas/[id]': { path: () => '/api/areas/county-48453', expect: everyone(200) },
  'GET /api/areas/[id]/map.svg': { path: () => '/api/areas/county-48453/map.svg', expect: everyone(200) },
  'POST /api/guides/register': { path: () => '/api/guides/register', body: () => ({}), expect: everyone(400) },
  // Every signed-in account of the matrix has confirmed its email already.
  'POST /api/auth/email-confirmation': {
    path: () => '/api/auth/email-confirmation',
    body: () => ({}),
    expect: { ...everyone(409), anonymous: 401 },
  },
  // A host's or a guide's own email; the admin's is the operator's to set.
  'GET /api/account/email': { path: () => '/api/account/email', expect: { anonymous: 401, host: 200, otherHost: 200, admin: 403 } },
  'POST /api/account/email': {
    path: () => '/api/account/email',
    body: () => ({}),
    expect: { anonymous: 401, host: 400, otherHost: 400, admin: 403 },
  },
  'POST /api/auth/confirm-email': {
    path: () => '/api/auth/confirm-email',
    body: () => ({ token: 'not-a-confirmation-token-of-43-characters-a' }),
    expect: everyone(410),
  },
  // No email change's notice carried this "This wasn't me" link.
  'POST /api/auth/cancel-email-change': {
    path: () => '/api/auth/cancel-email-change',
    body: () => ({ token: 'not-a-cancellation-token-of-43-characters-a' }),
    expect: everyone(404),
  },
  'POST /api/guides/signin': {
    path: () => '/api/guides/signin',
    body: () => ({ email: 'nobody@example.com', password: 'wrong' }),
    expect: everyone(200),
  },
  // No listed guide has this public id; a valid message passes the parsing.
  'POST /api/guides/[id]/messages': {
    path: () => '/api/guides/2147483647/messages',
    body: () => ({ name: 'Matrix Test', email: 'matrix@example.com', reason: 'question', message: 'A message for the matrix test.' }),
    expect: everyone(404),
  },
  'GET /api/guides/names': { path: () => '/api/guides/names?q=ma', expect: everyone(200) },
  'GET /api/guides': { path: () => '/api/guides?place=78704', expect: everyone(200) },
  'GET /api/guides/places': { path: () => '/api/guides/places?q=austin', expect: everyone(200) },
  // Both hosts are guides once they have reserved; the admin is not.
  'GET /api/guides/messages': { path: () => '/api/guides/messages', expect: { anonymous: 401, host: 200, otherHost: 200, admin: 404 } },
  'POST /api/guides/messages/[messageId]/[mark]': [
    {
      label: 'read',
      path: (f) => `/api/guides/messages/${f.guideMessageId}/read`,
      expect: { anonymous: 401, host: 200, otherHost: 404, admin: 404 },
    },
    {
      label: 'replied',
      path: (f) => `/api/guides/messages/${f.guideMessageId}/replied`,
      expect: { anonymous: 401, host: 200, otherHost: 404, admin: 404 },
    },
    {
      label: 'an unknown mark',
      path: (f) => `/api/guides/messages/${f.guideMessageId}/archived`,
      expect: { ...everyone(404), anonymous: 401 },
    },
  ],
  'GET /api/licences': { path: () => '/api/licences', expect: { anonymous: 401, host: 200, otherHost: 200, admin: 200 } },
  'POST /api/licences': {
    path: () => '/api/licences',
    body: () => ({}),
    expect: { anonymous: 401, host: 400, otherHost: 400, admin: 400 },
  },
  // Another guide's licence is not found; renewing a reservation is a conflict; the guide cancels their own.
  'POST /api/licences/[id]/[action]': [
    {
      label: 'renew',
      path: (f) => `/api/licences/${f.licenceId}/renew`,
      expect: { anonymous: 401, host: 409, otherHost: 404, admin: 409 },
    },
    {
      label: 'cancel',
      path: (f) => `/api/licences/${f.licenceId}/cancel`,
      expect: { anonymous: 401, host: 200, otherHost: 404, admin: 404 },
    },
    { label: 'an unknown action', path: (f) => `/api/licences/${f.licenceId}/transfer`, expect: everyone(404) },
  ],
  'GET /api/admin/licences': { path: () => '/api/admin/licences', expect: adminOnly() },
  'POST /api/admin/licences/[id]/[action]': [
    { label: 'mark-paid', path: (f) => `/api/admin/licences/${f.adminLicenceId}/mark-paid`, expect: adminOnly() },
    { label: 'revoke', path: (f) => `/api/admin/licences/${f.adminLicenceId}/revoke`, expect: adminOnly() },
    { label: 'release, after the revoke', path: (f) => `/api/admin/licences/${f.adminLicenceId}/release`, expect: adminOnly(409) },
    { label: 'an unknown action', path: (f) => `/api/admin/licences/${f.adminLicenceId}/delete`, expect: everyone(404) },
  ],
  'PUT /api/admin/guides/[id]/certification': {
    path: (f) => `/api/admin/guides/${f.hostUserId}/certification`,
    body: () => ({ certifiedOn: '2026-11-01' }),
    expect: adminOnly(),
  },
  'POST /api/admin/guides/[id]/visibility': {
    path: (f) => `/api/admin/guides/${f.hostUserId}/visibility`,
    body: () => ({ hidden: false }),
    expect: adminOnly(),
  },
  // Both hosts have reserved, so each is a guide with a profile; the admin is not a guide.
  'GET /api/guides/profile': { path: () => '/api/guides/profile', expect: { anonymous: 401, host: 200, otherHost: 200, admin: 404 } },
  'PUT /api/guides/profile': {
    path: () => '/api/guides/profile',
    body: () => ({ name: 'Robin Vale', bio: '', languages: ['English'], meets: 'in-person', showPhone: false, hidden: false }),
    expect: { anonymous: 401, host: 200, otherHost: 200, admin: 404 },
  },
  // No body is no image.
  'PUT /api/guides/profile/photo': {
    path: () => '/api/guides/profile/photo',
    expect: { anonymous: 401, host: 400, otherHost: 400, admin: 404 },
  },
  'DELETE /api/guides/profile/photo': {
    path: () => '/api/guides/profile/photo',
    expect: { anonymous: 401, host: 200, otherHost: 200, admin: 404 },
  },
  'GET /api/guides/[id]/photo': { path: () => '/api/guides/1/photo', expect: everyone(404) },
  'GET /api/admin/export/licences.csv': { path: () => '/api/admin/export/licences.csv', expect: adminOnly() },
  'GET /api/admin/export/demand.csv': { path: () => '/api/admin/export/demand.csv', expect: adminOnly() },
  'GET /api/admin/orders': { path: () => '/api/admin/orders?problems=1', expect: adminOnly() },
  // No such order: the admin learns so, everyone else is refused before.
  'POST /api/admin/orders/[id]/resend-codes': { path: () => '/api/admin/orders/2147483647/resend-codes', expect: adminOnly(404) },
  'GET /api/account': { path: () => '/api/account', expect: { anonymous: 401, host: 200, otherHost: 200, admin: 403 } },
  'PATCH /api/account': {
    path: () => '/api/account',
    body: () => ({ name: 'Matrix Host', phone: '' }),
    expect: { anonymous: 401, host: 200, otherHost: 200, admin: 403 },
  },
  // A wrong current password: nobody's password changes, and the callers keep their sessions.
  'PUT /api/account/email-settings': {
    path: () => '/api/account/email-settings',
    body: () => ({ replyReminders: true }),
    expect: { anonymous: 401, host: 200, otherHost: 200, admin: 403 },
  },
  'POST /api/account/password': {
    path: () => '/api/account/password',
    body: () => ({ currentPassword: 'not-the-password', password: 'ember-glow-77', confirmPassword: 'ember-glow-77' }),
    expect: { anonymous: 401, host: 400, otherHost: 400, admin: 403 },
  },
  'GET /api/account/export': {
    path: () => '/api/account/export',
    expect: { anonymous: 401, host: 200, otherHost: 200, admin: 403 },
  },
  // A password that is not the caller's: nothing is deleted.
  'POST /api/account/delete': {
    path: () => '/api/account/delete',
    body: () => ({ currentPassword: 'not-the-password' }),
    expect: { anonymous: 401, host: 400, otherHost: 400, admin: 403 },
  },
  'GET /api/sessions': { path: () => '/api/sessions', expect: { anonymous: 401, host: 200, otherHost: 200, admin: 200 } },
  // Nobody's session: only a session of the caller's own can be ended.
  'DELETE /api/sessions/[id]': {
    path: () => '/api/sessions/0000000000000000',
    expect: { anonymous: 401, host: 404, otherHost: 404, admin: 404 },
  },
  // The file's server has no STRIPE_WEBHOOK_SECRET: the route is not there (tests/api/store-stripe.test.ts signs).
  'POST /api/webhooks/stripe': { path: () => '/api/webhooks/stripe', body: () => ({}), expect: everyone(404) },
};

let fixture: Fixture;
const sessions = {} as Record<Caller, () => Promise<string | undefined>>;

beforeAll(async () => {
  const host = await registerHost();
  const other = await registerHost();
  const doomed = await registerHost();
  await testSql()`update clubs set is_verified = true where id = ${host.clubId}`;
  for (const account of [host, other]) await confirmEmail({ email: account.payload.email, token: account.token });
  const [question] = await testSql()<{ id: number }[]>`
    insert into club_questions (name, email, question) values ('Matrix', 'matrix@example.com', 'Matrix question?') returning id`;
  const reservation = await request('/api/licences', {
    method: 'POST',
    json: { areaId: 'state-AK', kind: 'shared' },
    headers: asUser(host.token),
  });
  const adminReservation = await request('/api/licences', {
    method: 'POST',
    json: { areaId: 'state-AK', kind: 'shared' },
    headers: asUser(other.token),
  });
  const [owner] = await testSql()<{ ownerId: string }[]>`select owner_id from clubs where id = ${host.clubId}`;
  const [guideMessage] = await testSql()<{ id: number }[]>`
    insert into guide_messages (guide_id, name, email, reason, message, source)
    values (${owner!.ownerId}, 'Matrix Visitor', 'matrix@example.com', 'question', 'A message for the matrix.', 'guide-page')
    returning id`;
  const [joinRequest] = await testSql()<{ id: number }[]>`
    insert into join_requests (club_id, name, email) values (${host.clubId}, 'Matrix Visitor', 'matrix@example.com') returning id`;
  const [member] = await testSql()<{ id: string }[]>`
    insert into club_members (club_id, name, email, mailbox_hash, source)
    values (${host.clubId}, 'Matrix Member', 'matrix.member@example.com', ${'0'.repeat(64)}, 'host') returning id`;
  fixture = {
    clubId: host.clubId,
    doomedClubId: doomed.clubId,
    scheduledClubId: (
      await insertClub(testSql(), {
        meetings: { meetingSlots: [{ weekday: 'tuesday', start: '19:00', durationMinutes: 90 }], meetingFormat: 'in-person' },
      })
    ).id,
    questionId: question!.id,
    code: await newCode(),
    licenceId: ((await reservation.json()) as { licence: { id: number } }).licence.id,
    adminLicenceId: ((await adminReservation.json()) as { licence: { id: number } }).licence.id,
    hostUserId: owner!.ownerId,
    guideMessageId: guideMessage!.id,
    joinRequestId: joinRequest!.id,
    memberId: Number(member!.id),
  };

  const signInHost = async (email: string, password: string) => {
    const response = await request('/api/clubs/signin', { method: 'POST', json: { email, password } });
    return response.headers
      .getSetCookie()
      .find((c) => c.startsWith('fk_session='))!
      .split(';')[0]!
      .slice('fk_session='.length);
  };
  sessions.anonymous = async () => undefined;
  sessions.host = () => signInHost(host.payload.email, host.payload.password);
  sessions.otherHost = () => signInHost(other.payload.email, other.payload.password);
  sessions.admin = signInAdmin;
});

describe('the authorization matrix', () => {
  it('has an entry for every handler of every API route file, and none for a route that is gone', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(routesInFiles());
  });

  it('finds handlers however a route file exports them, and none in a file that exports no handler', () => {
    const source = [
      'export const GET: APIRoute = () => new Response();',
      'export async function POST() {}',
      'export function HEAD() {}',
      'const remove = () => new Response(), anyMethod = remove;',
      'export { remove as DELETE, anyMethod as ALL };',
      "export { OPTIONS } from './shared.ts';",
      'export type { PUT } from "./types.ts";',
      'export const prerender = false;',
    ].join('\n');
    expect(handlersIn(source)).toEqual(['ALL', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST']);
    expect(handlersIn('export const prerender = false;\nexport const GETTER = 1;\nexport default function () {}')).toEqual([]);
  });

  it('has a row for every Club Management action the action route accepts', () => {
    expect([...CLUB_ACTIONS_TESTED].sort()).toEqual(Object.keys(CLUB_ACTIONS).sort());
  });

  const tokens = new Map<Caller, string | undefined>();
  const sessionFor = async (caller: Caller, fresh: boolean) => {
    if (fresh || !tokens.has(caller)) tokens.set(caller, await sessions[caller]());
    const token = tokens.get(caller);
    if (fresh) tokens.delete(caller);
    return token;
  };

  for (const [key, entry] of Object.entries(MATRIX).flatMap(([key, entries]) => [entries].flat().map((entry) => [key, entry] as const))) {
    const method = key.split(' ')[0]!;
    it(`${key}${entry.label ? ` (${entry.label})` : ''}: ${CALLERS.map((c) => `${c} ${entry.expect[c]}`).join(', ')}`, async () => {
      const statuses = {} as Record<Caller, number>;
      for (const caller of CALLERS) {
        const token = await sessionFor(caller, entry.freshSession ?? false);
        const response = await request(entry.path(fixture), { method, headers: asUser(token), json: entry.body?.(fixture) });
        statuses[caller] = response.status;
      }
      expect(statuses).toEqual(entry.expect);
    });
  }
});
