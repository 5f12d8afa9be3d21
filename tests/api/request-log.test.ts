import { describe, expect, it } from 'vitest';
import { useOwnServer } from '../support/api.ts';

interface LogLine {
  level: number;
  time: number;
  method: string;
  path: string;
  status: number;
  ms: number;
}

describe('the request log', () => {
  // A server of the test's own answers its requests only, so its output holds exactly these.
  const own = useOwnServer();
  /** The server's request lines so far, parsed. */
  const requestLines = (): LogLine[] =>
    own.server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && line.includes('"method"'))
      .map((line) => JSON.parse(line) as LogLine);

  it('writes one JSON line per request with its method, path, status and milliseconds, and no query or secret', async () => {
    const marker = `log-${Date.now()}`;
    const base = own.server.url;
    const requests: [string, RequestInit, string, number][] = [
      [`/faq?${marker}=1`, {}, '/faq', 200],
      [`/api/clubs/search?state=TX&${marker}=secret-position`, {}, '/api/clubs/search', 200],
      [`/api/admin/club-questions?${marker}=1`, { headers: { cookie: `fk_session=${marker}-token` } }, '/api/admin/club-questions', 401],
      [
        `/api/login?${marker}=1`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base },
          body: JSON.stringify({ emailOrUsername: 'nobody@example.com', password: `${marker}-password` }),
        },
        '/api/login',
        401,
      ],
      [`/no-such-page?${marker}=1`, {}, '/no-such-page', 404],
    ];
    for (const [url, init] of requests) await (await fetch(new URL(url, base), init)).arrayBuffer();

    // Lines are written asynchronously: wait until all of them are out.
    const deadline = Date.now() + 60_000;
    while (requestLines().length < requests.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    const lines = requestLines();
    expect(lines.map(({ method, path, status }) => [method, path, status])).toEqual(
      requests.map(([, init, path, status]) => [init.method ?? 'GET', path, status]),
    );
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['level', 'time', 'method', 'path', 'status', 'ms']);
      expect(line.level).toBe(30);
      expect(Math.abs(line.time - Date.now())).toBeLessThan(60_000);
      expect(Number.isInteger(line.ms) && line.ms >= 0).toBe(true);
    }
    // Neither a query string, nor the cookie, nor the password reaches the log.
    expect(own.server.output()).not.toContain(marker);
  });
});
