import { describe, expect, it } from 'vitest';
import {
  capacitySteps,
  dueAt,
  findCapacity,
  percentile,
  runOpenLoop,
  summarize,
  type Clock,
  type OpenLoopResult,
} from '../../scripts/bench/open-loop.ts';

// The bench's open-loop scheduler (issue 43), driven by a fake clock: time moves only when the test moves it, so
// every latency below is exact and nothing depends on how fast this machine is.

/** A clock whose time advances only through `advance`; sleepers wake in order of their instants. */
function fakeClock() {
  let time = 1_000;
  let sleepers: { at: number; wake: () => void }[] = [];
  const clock: Clock = {
    now: () => time,
    sleepUntil: (at) => (at <= time ? Promise.resolve() : new Promise((wake) => sleepers.push({ at, wake }))),
  };
  /** Lets pending promise callbacks run (the scheduler's loop and the senders' continuations). */
  const settle = async () => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return {
    clock,
    now: () => time,
    /** Moves the clock to `to`, waking each sleeper at its own instant on the way. */
    async advanceTo(to: number) {
      for (;;) {
        await settle();
        const next = sleepers.filter((s) => s.at <= to).sort((a, b) => a.at - b.at)[0];
        if (!next) break;
        time = Math.max(time, next.at);
        sleepers = sleepers.filter((s) => s !== next);
        next.wake();
      }
      time = to;
      await settle();
    },
    /** Moves the clock to `to` at once, as a busy event loop would: sleepers due on the way wake only then, late. */
    async jumpTo(to: number) {
      await settle();
      time = to;
      const due = sleepers.filter((s) => s.at <= to);
      sleepers = sleepers.filter((s) => s.at > to);
      for (const sleeper of due) sleeper.wake();
      await settle();
    },
  };
}

/** A server whose answers the test releases by hand, each recording when it was sent. */
function manualServer(now: () => number) {
  const requests: { sentAt: number; answer: (status: number) => void; fail: () => void }[] = [];
  return {
    requests,
    send: () =>
      new Promise<number>((resolve, reject) => {
        requests.push({ sentAt: now(), answer: resolve, fail: () => reject(new Error('reset')) });
      }),
  };
}

describe('the open-loop schedule', () => {
  it('makes request i due i/rate seconds after the start', () => {
    expect(dueAt(1_000, 200, 0)).toBe(1_000);
    expect(dueAt(1_000, 200, 1)).toBe(1_005);
    expect(dueAt(1_000, 200, 200)).toBe(2_000);
    expect(dueAt(0, 50, 3)).toBe(60);
  });

  it('sends each request when it is due without waiting for earlier answers, and measures it from its due time', async () => {
    const fake = fakeClock();
    const server = manualServer(fake.now);
    // 100 requests/s for 0.05 s: 5 requests, due at +0, +10, +20, +30 and +40 ms.
    const run = runOpenLoop({ rate: 100, seconds: 0.05, send: server.send, clock: fake.clock });
    await fake.advanceTo(1_040);
    expect(server.requests.map((r) => r.sentAt)).toEqual([1_000, 1_010, 1_020, 1_030, 1_040]);
    // The first answer is slow (a stall of 100 ms); the others come at once after it, as a closed loop would have
    // seen them: here each is measured from when it was due.
    await fake.advanceTo(1_100);
    for (const request of server.requests) request.answer(200);
    const result = await run;
    expect(result).toMatchObject({ rate: 100, requests: 5, ok: 5, failed: 0, max: 100, maxSendLagMs: 0 });
    // Latencies 100, 90, 80, 70, 60: the median is the third, the p99 the largest.
    expect(result.p50).toBe(80);
    expect(result.p99).toBe(100);
  });

  it('sends every request already due when it wakes late, each measured from its own due time', async () => {
    const fake = fakeClock();
    const server = manualServer(fake.now);
    const run = runOpenLoop({ rate: 100, seconds: 0.04, send: server.send, clock: fake.clock });
    await fake.advanceTo(1_000);
    expect(server.requests).toHaveLength(1);
    server.requests[0]!.answer(200);
    // The scheduler was held up 25 ms (a busy event loop): the requests due at +10 and +20 go out together at +25.
    await fake.jumpTo(1_025);
    expect(server.requests.map((r) => r.sentAt)).toEqual([1_000, 1_025, 1_025]);
    server.requests[1]!.answer(200);
    server.requests[2]!.answer(200);
    await fake.advanceTo(1_030);
    server.requests[3]!.answer(200);
    const result = await run;
    // Latencies 0, 15, 5, 0: the lag counts against the requests it delayed.
    expect(result).toMatchObject({ requests: 4, ok: 4, p50: 0, max: 15, maxSendLagMs: 15 });
  });

  it('counts a failed request and a non-2xx answer as failures, at the latency they took', async () => {
    const fake = fakeClock();
    const server = manualServer(fake.now);
    const run = runOpenLoop({ rate: 1_000, seconds: 0.003, send: server.send, clock: fake.clock });
    await fake.advanceTo(1_002);
    expect(server.requests).toHaveLength(3);
    server.requests[0]!.answer(204);
    await fake.advanceTo(1_012);
    server.requests[1]!.answer(503);
    await fake.advanceTo(1_032);
    server.requests[2]!.fail();
    const result = await run;
    expect(result).toMatchObject({ requests: 3, ok: 1, failed: 2, p50: 11, max: 30 });
  });
});

describe('the percentiles', () => {
  it('are taken by nearest rank', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile(hundred, 1)).toBe(100);
    // 1,000 values: the p99 is the 990th, so 10 slow requests out of 1,000 stay above it and 11 do not.
    const thousand = [...Array.from({ length: 990 }, () => 2), ...Array.from({ length: 10 }, () => 500)];
    expect(percentile(thousand, 0.99)).toBe(2);
    const eleven = [...Array.from({ length: 989 }, () => 2), ...Array.from({ length: 11 }, () => 500)];
    expect(percentile(eleven, 0.99)).toBe(500);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it('cover every request, the failed ones too', () => {
    const outcomes = [
      { latencyMs: 1.04, status: 200 },
      { latencyMs: 3, status: 500 },
      { latencyMs: 2, status: null },
    ];
    expect(summarize(200, outcomes)).toEqual({ rate: 200, requests: 3, ok: 1, failed: 2, p50: 2, p99: 3, max: 3, maxSendLagMs: 0 });
  });
});

describe('the capacity search', () => {
  const result = (rate: number, p99: number, failed = 0): OpenLoopResult => ({
    rate,
    requests: rate,
    ok: rate - failed,
    failed,
    p50: 1,
    p99,
    max: p99,
    maxSendLagMs: 0,
  });

  it('steps 50, 100, 200, 400, 800, … up to its ceiling', () => {
    expect(capacitySteps(6_400)).toEqual([50, 100, 200, 400, 800, 1_600, 3_200, 6_400]);
    expect(capacitySteps(1_000)).toEqual([50, 100, 200, 400, 800]);
  });

  it('goes up from the run at 200 requests/s until the p99 passes the bar', async () => {
    const p99At: Record<number, number> = { 400: 9, 800: 24.9, 1_600: 40 };
    const tried: number[] = [];
    const capacity = await findCapacity({
      steps: capacitySteps(6_400),
      p99Ms: 25,
      known: result(200, 5),
      run: async (rate) => (tried.push(rate), result(rate, p99At[rate]!)),
    });
    expect(tried).toEqual([400, 800, 1_600]);
    expect(capacity.rate).toBe(800);
    expect(capacity.atCeiling).toBe(false);
    expect(capacity.runs.map((run) => run.rate)).toEqual([200, 400, 800, 1_600]);
  });

  it('goes down from 200 requests/s when it misses there, and says when even 50 misses', async () => {
    const down = await findCapacity({
      steps: capacitySteps(6_400),
      p99Ms: 25,
      known: result(200, 60),
      run: async (rate) => result(rate, rate === 100 ? 30 : 12),
    });
    expect(down.rate).toBe(50);
    const none = await findCapacity({
      steps: capacitySteps(6_400),
      p99Ms: 25,
      known: result(200, 60),
      run: async (rate) => result(rate, 26),
    });
    expect(none.rate).toBeNull();
    expect(none.runs.map((run) => run.rate)).toEqual([200, 100, 50]);
  });

  it('does not count a rate with failed requests, and marks a search that reached its ceiling', async () => {
    const failing = await findCapacity({
      steps: capacitySteps(800),
      p99Ms: 25,
      known: result(200, 3),
      run: async (rate) => result(rate, 3, rate === 800 ? 1 : 0),
    });
    expect(failing).toMatchObject({ rate: 400, atCeiling: false });
    const ceiling = await findCapacity({
      steps: capacitySteps(800),
      p99Ms: 25,
      known: result(200, 3),
      run: async (rate) => result(rate, 3),
    });
    expect(ceiling).toMatchObject({ rate: 800, atCeiling: true });
  });
});
