// Open-loop load (issue 43): requests go out on a fixed schedule, one every 1/rate seconds whatever the server is
// doing, and each one's latency runs from the moment it was due, not from the moment it was sent. A closed-loop tool
// (autocannon: every connection waits for its answer before it sends again) stops sending while the server stalls,
// so the requests a stall delays are never counted as delayed (coordinated omission); here a stall shows in every
// request that was due during it, as visitors arriving at a rate would feel it.
//
// The arithmetic (schedule, latency, percentiles, the capacity steps) takes its clock as an argument, so that the
// unit tests drive it with a fake one; `undiciSender` is the real transport.
import { Pool } from 'undici';

/** Where time comes from: milliseconds on a monotonic clock, and a way to wait until an instant on it. */
export interface Clock {
  now(): number;
  /** Resolves at `at` or later (at once when `at` has passed). */
  sleepUntil(at: number): Promise<void>;
}

/** The process's monotonic clock; setTimeout wakes it, at best to the millisecond. */
export const realClock: Clock = {
  now: () => performance.now(),
  sleepUntil: (at) => {
    const wait = at - performance.now();
    return wait <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, wait));
  },
};

/** Sends one request; resolves with its HTTP status (it must have read the whole answer), rejects on an error. */
export type Send = () => Promise<number>;

/** The instant request `index` (from 0) is due, `rate` requests a second from `start`. */
export function dueAt(start: number, rate: number, index: number): number {
  return start + (index * 1000) / rate;
}

/** How many requests a run of `seconds` at `rate` requests a second sends. */
export function requestCount(rate: number, seconds: number): number {
  return Math.max(1, Math.round(rate * seconds));
}

/** One request's outcome: its latency from the moment it was due, and its status (null: no answer). */
export interface Outcome {
  latencyMs: number;
  status: number | null;
}

/** The outcome of a request due at `due` whose answer (or failure) came at `done`, measured from its due time. */
export function outcomeOf(due: number, done: number, status: number | null): Outcome {
  return { latencyMs: done - due, status };
}

/**
 * The value at `share` (0 < share ≤ 1) of `sorted` (ascending), by nearest rank: the smallest value that at least
 * that share of the values do not exceed. NaN for no values.
 */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil(share * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** What a run of requests at one rate measured. */
export interface OpenLoopResult {
  rate: number;
  /** Requests due in the run (all of them sent, and each one answered, failed or timed out). */
  requests: number;
  /** Answers with a 2xx status. */
  ok: number;
  /** Answers with another status, and requests that failed or timed out. */
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /**
   * How late the scheduler sent, at most: the load generator's own lag, included in the latencies (a request sent late
   * is measured from its due time all the same).
   */
  maxSendLagMs: number;
}

/** Summarizes outcomes: 2xx counted as ok; percentiles over every request, failures at the latency they took. */
export function summarize(rate: number, outcomes: readonly Outcome[], maxSendLagMs = 0): OpenLoopResult {
  const sorted = outcomes.map((outcome) => outcome.latencyMs).sort((a, b) => a - b);
  const ok = outcomes.filter((outcome) => outcome.status !== null && outcome.status >= 200 && outcome.status < 300).length;
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    rate,
    requests: outcomes.length,
    ok,
    failed: outcomes.length - ok,
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? Number.NaN),
    maxSendLagMs: round(maxSendLagMs),
  };
}

/**
 * Sends `rate` requests a second for `seconds` on a fixed schedule: request i is due at start + i/rate, is sent as
 * soon as the clock reaches that instant (never waiting for earlier answers), and its latency is counted from then.
 * When the scheduler wakes late it sends every request already due at once, each measured from its own due time.
 * Resolves once every request has been answered or has failed.
 */
export async function runOpenLoop(options: { rate: number; seconds: number; send: Send; clock?: Clock }): Promise<OpenLoopResult> {
  const { rate, seconds, send, clock = realClock } = options;
  const count = requestCount(rate, seconds);
  const start = clock.now();
  const outcomes: Outcome[] = new Array(count);
  const pending: Promise<void>[] = [];
  let maxSendLag = 0;
  let next = 0;
  while (next < count) {
    await clock.sleepUntil(dueAt(start, rate, next));
    const now = clock.now();
    // Every request due by now goes out, each measured from its own due time.
    while (next < count && dueAt(start, rate, next) <= now) {
      const index = next++;
      const due = dueAt(start, rate, index);
      maxSendLag = Math.max(maxSendLag, now - due);
      pending.push(
        send().then(
          (status) => {
            outcomes[index] = outcomeOf(due, clock.now(), status);
          },
          () => {
            outcomes[index] = outcomeOf(due, clock.now(), null);
          },
        ),
      );
    }
  }
  await Promise.all(pending);
  return summarize(rate, outcomes, maxSendLag);
}

/** The rates the capacity search tries: 50, 100, 200, 400, 800, … (each twice the last), up to `max`. */
export function capacitySteps(max: number): number[] {
  const steps: number[] = [];
  for (let rate = 50; rate <= max; rate *= 2) steps.push(rate);
  return steps;
}

/** Whether a run meets the capacity bar: p99 within `p99Ms` and every request answered with a 2xx. */
export function meetsBar(result: OpenLoopResult, p99Ms: number): boolean {
  return result.failed === 0 && result.p99 <= p99Ms;
}

/** The capacity search's answer: the highest step that met the bar (null: not even the lowest), and every run. */
export interface Capacity {
  rate: number | null;
  /** The highest step met, and it was the last one tried: the server may take more than the search went to. */
  atCeiling: boolean;
  runs: OpenLoopResult[];
}

/**
 * The highest rate of `steps` (ascending) at which `p99Ms` holds. Starts from `known` (a run already measured at one
 * of the steps, e.g. the 20 s run at 200 requests/s): when it met the bar, tries the steps above it one by one until one
 * misses; when it missed, the steps below it, downwards, until one meets it. Assumes the p99 grows with the rate.
 */
export async function findCapacity(options: {
  steps: readonly number[];
  p99Ms: number;
  known?: OpenLoopResult;
  run: (rate: number) => Promise<OpenLoopResult>;
}): Promise<Capacity> {
  const { steps, p99Ms, known, run } = options;
  const runs: OpenLoopResult[] = [];
  const at = async (rate: number) => {
    const result = known?.rate === rate ? known : await run(rate);
    runs.push(result);
    return result;
  };
  const from = known ? Math.max(0, steps.indexOf(known.rate)) : 0;
  if (meetsBar(await at(steps[from]!), p99Ms)) {
    let best = from;
    for (let i = from + 1; i < steps.length; i++) {
      if (!meetsBar(await at(steps[i]!), p99Ms)) return { rate: steps[best]!, atCeiling: false, runs };
      best = i;
    }
    return { rate: steps[best]!, atCeiling: true, runs };
  }
  for (let i = from - 1; i >= 0; i--) {
    if (meetsBar(await at(steps[i]!), p99Ms)) return { rate: steps[i]!, atCeiling: false, runs };
  }
  return { rate: null, atCeiling: false, runs };
}

/**
 * A Send for GET `path` on `origin` through an undici Pool of `connections` keep-alive connections: a request due
 * while every connection is busy waits in the pool's queue, and that wait counts in its latency (it is measured from
 * its due time). Each request gives up after `timeoutMs` (a failure, at the latency it took).
 */
export function undiciSender(options: {
  origin: string;
  path: string;
  headers?: Record<string, string>;
  connections: number;
  timeoutMs: number;
}): { send: Send; close(): Promise<void> } {
  const pool = new Pool(options.origin, {
    connections: options.connections,
    pipelining: 1,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  return {
    send: async () => {
      const { statusCode, body } = await pool.request({
        method: 'GET',
        path: options.path,
        headers: options.headers,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await body.dump({ limit: Number.POSITIVE_INFINITY });
      return statusCode;
    },
    close: () => pool.close(),
  };
}
