// `npm run test:load`: mixed traffic against the built site on PostgreSQL (LOAD_DATABASE_URL, default the local
// server) for LOAD_SECONDS (60) at LOAD_CONNECTIONS (100): the directory, state and ZIP searches, a content page,
// host sign-ins, profile edits, contact messages and the admin's question polling. Passes when there are no
// errors, no 5xx, and every write the server acknowledged is in the database afterwards; the result goes into
// docs/performance.md.
import os from 'node:os';
import autocannon from 'autocannon';
import { connect, useDatabase } from '#server/platform/db/db.ts';
import { listUserSessions } from '#server/auth/index.ts';
import { findClub } from '#server/clubs/index.ts';
import { issueHostSetCodes } from '#server/codes/index.ts';
import { findStoredContactRequestIds } from '#server/questions/index.ts';
import { writeReportSection } from './lib/report-section.ts';
import { createTestDatabase } from '../tests/support/test-database.ts';
import { startServer } from '../tests/support/server-process.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const ADMIN = { email: 'load-admin@example.com', password: 'load test admin password' };
const REPORT = new URL('../docs/performance.md', import.meta.url);

process.env.TEST_DATABASE_URL ??= process.env.LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = await createTestDatabase();
const sql = connect(database.url, { max: 2 });
// listUserSessions reads through the process's pool.
useDatabase(sql);
const server = await startServer(
  {
    DATABASE_URL: database.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    // All the traffic comes from one address; the limits would otherwise stop it within seconds.
    RATE_LIMIT_MULTIPLIER: '1000000',
    LOG_LEVEL: 'info',
  },
  120_000,
);
// The server's request log is not needed here; drop it as it comes instead of keeping it in memory.
server.child.stdout!.removeAllListeners('data').resume();
server.child.stderr!.removeAllListeners('data').resume();

let exitCode: number;
try {
  const json = { 'content-type': 'application/json', origin: server.url };
  const post = (path: string, body: unknown, cookie = '') =>
    fetch(new URL(path, server.url), { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .find((c) => c.startsWith('fk_session='))!
      .split(';')[0]!;

  const [code] = await issueHostSetCodes(1, 'load test', sql);
  const host = { email: `load.host.${Date.now()}@example.com`, password: 'kindling-42' };
  const registered = await post('/api/clubs/register', {
    hostName: 'Load Host',
    email: host.email,
    password: host.password,
    confirmPassword: host.password,
    clubName: 'Load Test Circle',
    city: 'Austin',
    state: 'TX',
    zipCode: '78704',
    hostSetCode: code,
  });
  const { clubId } = (await registered.json()) as { clubId: number };
  const hostCookie = cookieOf(await post('/api/clubs/signin', host));
  const adminCookie = cookieOf(await post('/api/login', { emailOrUsername: ADMIN.email, password: ADMIN.password }));

  const acknowledged: number[] = [];
  const acknowledgedSchedules = new Set<string>();
  let signIns = 0;
  let sequence = 0;
  let edit = 0;
  const result = await autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      { method: 'GET', path: '/api/clubs' },
      { method: 'GET', path: '/api/clubs/search?state=CA' },
      { method: 'GET', path: '/api/clubs/search?state=78704&radius=50' },
      { method: 'GET', path: '/faq' },
      {
        method: 'POST',
        path: '/api/clubs/signin',
        headers: json,
        body: JSON.stringify(host),
        onResponse: (status) => {
          if (status === 200) signIns += 1;
        },
      },
      {
        method: 'PUT',
        path: `/api/clubs/${clubId}`,
        headers: { ...json, cookie: hostCookie },
        // Every edit is different, so what is stored can be traced to one edit the test sent.
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            hostName: 'Load Host',
            clubName: 'Load Test Circle',
            city: 'Austin',
            state: 'TX',
            zipCode: '78704',
            meetingSchedule: `Tuesdays, edit ${++edit}`,
          }),
        }),
        onResponse: (status, body) => {
          if (status === 200) acknowledgedSchedules.add((JSON.parse(body) as { meetingSchedule: string }).meetingSchedule);
        },
      },
      {
        method: 'POST',
        path: '/api/contact-requests',
        headers: json,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({
            name: 'Load Test',
            email: 'load@example.com',
            phone: '5550001111',
            coachName: 'Coach Name',
            message: `Load test message ${++sequence}`,
          }),
        }),
        onResponse: (status, body) => {
          if (status === 201) acknowledged.push((JSON.parse(body) as { id: number }).id);
        },
      },
      { method: 'GET', path: '/api/admin/club-questions', headers: { cookie: adminCookie } },
    ],
  });

  const statusCounts = { '1xx': result['1xx'], '2xx': result['2xx'], '3xx': result['3xx'], '4xx': result['4xx'], '5xx': result['5xx'] };
  const stored = await findStoredContactRequestIds(sql, acknowledged);
  const club = (await findClub(sql, clubId))!;
  const sessions = (await listUserSessions(club.ownerId, '')).length;
  // The session made before the run counts too; none may have gone missing.
  const lostSessions = Math.max(0, signIns + 1 - sessions);
  // Concurrent edits commit in any order, and the run ends with edits sent but unanswered, which may still have been
  // applied: with no error answers, the stored schedule must be one of the edits sent, the last committed.
  const storedEdit = Number(/^Tuesdays, edit (\d+)$/.exec(club.meetingSchedule ?? '')?.[1] ?? 0);
  const editKept = acknowledgedSchedules.size > 0 && storedEdit >= 1 && storedEdit <= edit;
  const missing = acknowledged.length - stored.length + lostSessions + (editKept ? 0 : 1);
  const writes = acknowledged.length + signIns + acknowledgedSchedules.size;
  const passed = result.errors === 0 && result.timeouts === 0 && result['5xx'] === 0 && result.non2xx === 0 && missing === 0;

  const markdown = [
    `Generated by \`npm run test:load\` on ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} cores, the built site on`,
    `PostgreSQL, autocannon on loopback with ${CONNECTIONS} connections for ${SECONDS} s, each connection cycling through the`,
    "directory, a state search, a ZIP search, /faq, a host sign-in, a profile edit, a contact message and the admin's",
    'question polling.',
    '',
    '| requests | req/s | p50 ms | p99 ms | errors | timeouts | 2xx | 4xx | 5xx | writes acknowledged | missing afterwards |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| ${result.requests.total} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${result.errors} | ${result.timeouts} | ${statusCounts['2xx']} | ${statusCounts['4xx']} | ${statusCounts['5xx']} | ${writes} | ${missing} |`,
    '',
    `Writes acknowledged: ${acknowledged.length} contact messages (each looked up by id afterwards), ${signIns} sign-ins`,
    `(the host then has ${sessions} sessions), and ${acknowledgedSchedules.size} of ${edit} profile edits sent, each with its own`,
    `meeting schedule (the stored one, "${club.meetingSchedule}", ${editKept ? 'is' : 'is **not**'} one of those sent).`,
    '',
    passed ? 'No errors, no 5xx, and every acknowledged write is stored.' : '**Failed**: see the counts above.',
  ].join('\n');
  writeReportSection(REPORT, 'load-test', 'Mixed load', markdown);
  console.log(markdown);
  exitCode = passed ? 0 : 1;
} finally {
  await server.stop();
  await sql.end();
  await database.drop();
}
process.exit(exitCode);
