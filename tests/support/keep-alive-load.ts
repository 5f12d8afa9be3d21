import http from 'node:http';

/** One request of a load. JSON bodies are sent with the server's own origin, as the site's pages send them. */
export interface PlannedRequest {
  method: 'GET' | 'POST';
  path: string;
  json?: unknown;
}

export type Outcome =
  | { kind: 'answered'; status: number; body: string }
  /** The connection was refused: the server had stopped listening and never accepted the request. */
  | { kind: 'refused' }
  /** The server accepted the request but the answer never arrived whole: a reset, a hang-up, a cut body, a timeout. */
  | { kind: 'failed'; reason: string };

export interface Attempt {
  request: PlannedRequest;
  /** `performance.now()` when the request was sent and when its outcome was known. */
  sentAt: number;
  settledAt: number;
  outcome: Outcome;
}

export interface Load {
  /** Resolves once `count` requests have been answered. */
  answered(count: number): Promise<void>;
  /** Asks every connection to stop after its current request. */
  stop(): void;
  /** Every attempt, in the order their outcomes arrived, once each connection has stopped: on `stop()` or a refusal. */
  finished: Promise<Attempt[]>;
}

// A guard against a hang on a machine five times slower than an idle one; longer than the server's 10 s drain, after
// which it cuts off whatever is left.
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Keeps `connections` keep-alive connections to `baseUrl` busy with back-to-back requests made by `plan` (given a
 * running number), recording the outcome of each. A connection stops on `stop()` or when a request of its is refused.
 */
export function startKeepAliveLoad(baseUrl: string, plan: (n: number) => PlannedRequest, connections: number): Load {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const attempts: Attempt[] = [];
  const waiting = new Set<{ count: number; resolve: () => void }>();
  let answeredCount = 0;
  let sequence = 0;
  let stopped = false;

  const record = (attempt: Attempt) => {
    attempts.push(attempt);
    if (attempt.outcome.kind === 'answered') answeredCount++;
    for (const waiter of waiting) {
      if (waiter.count > answeredCount) continue;
      waiting.delete(waiter);
      waiter.resolve();
    }
  };

  const connection = async () => {
    while (!stopped) {
      const request = plan(sequence++);
      const sentAt = performance.now();
      const outcome = await send(agent, baseUrl, request);
      record({ request, sentAt, settledAt: performance.now(), outcome });
      if (outcome.kind === 'refused') return;
    }
  };
  const finished = Promise.all(Array.from({ length: connections }, connection)).then(() => {
    agent.destroy();
    return attempts;
  });

  return {
    answered: (count) => (answeredCount >= count ? Promise.resolve() : new Promise((resolve) => waiting.add({ count, resolve }))),
    stop: () => void (stopped = true),
    finished,
  };
}

/** The attempts that were sent before `moment` and settled after it. */
export const inFlightAt = (attempts: Attempt[], moment: number) => attempts.filter((a) => a.sentAt < moment && a.settledAt > moment);

/** What went wrong with an attempt, or null when it got a whole, non-5xx JSON answer or was refused. */
export function faultOf({ request, outcome }: Attempt): string | null {
  const fault = (reason: string) => `${request.method} ${request.path}: ${reason}`;
  if (outcome.kind === 'refused') return null;
  if (outcome.kind === 'failed') return fault(outcome.reason);
  if (outcome.status >= 500) return fault(`status ${outcome.status}`);
  try {
    JSON.parse(outcome.body);
    return null;
  } catch {
    return fault(`unreadable body: ${outcome.body.slice(0, 80)}`);
  }
}

function send(agent: http.Agent, baseUrl: string, planned: PlannedRequest): Promise<Outcome> {
  const body = planned.json === undefined ? undefined : JSON.stringify(planned.json);
  return new Promise((resolve) => {
    const request = http.request(new URL(planned.path, baseUrl), {
      agent,
      method: planned.method,
      timeout: REQUEST_TIMEOUT_MS,
      headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: baseUrl },
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    request.on('error', (error: NodeJS.ErrnoException) =>
      resolve(
        error.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'failed', reason: `${error.code ?? ''} ${error.message}`.trim() },
      ),
    );
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      // A cut-off body also emits 'error'; 'close' decides the outcome either way. `complete` is false when the
      // connection closed before the whole body (by its length or its chunking) arrived.
      response.on('error', () => {});
      response.on('close', () => {
        if (response.complete) resolve({ kind: 'answered', status: response.statusCode!, body: text });
        else resolve({ kind: 'failed', reason: `body cut off after ${text.length} characters` });
      });
    });
    request.end(body);
  });
}
