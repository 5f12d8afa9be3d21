import { describe, expect, it } from 'vitest';
import { photoDecoding } from '#server/guides/photos.ts';
import { oneAtATime, QueueFullError, type OneAtATime } from '#server/platform/one-at-a-time.ts';

// Decoding a photo takes a libuv thread for up to seconds (issue 37 F1): photos are decoded one at a time, and a
// queue with no room left refuses at once, which the upload endpoint answers 503 with Retry-After.

/** A task that runs until `finish` is called, noting when it starts and ends. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const task = async () => {
    log.push(`start ${name}`);
    await done;
    log.push(`end ${name}`);
    return name;
  };
  return { task, finish };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Starts a running task and `maxWaiting` waiting ones on `queue`, and returns them with the log. */
async function fill(queue: OneAtATime, maxWaiting: number) {
  const log: string[] = [];
  const gates = Array.from({ length: maxWaiting + 1 }, (_, index) => gate(log, String.fromCharCode(65 + index)));
  const results = gates.map(({ task }) => queue.run(task));
  await settle();
  return { log, gates, results };
}

describe('a queue run one at a time', () => {
  it('runs its tasks one after the other, in the order they came', async () => {
    const { log, gates, results } = await fill(oneAtATime({ maxWaiting: 2, retryAfterSeconds: 9 }), 2);
    expect(log).toEqual(['start A']);
    gates[0]!.finish();
    await settle();
    expect(log).toEqual(['start A', 'end A', 'start B']);
    gates[1]!.finish();
    gates[2]!.finish();
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C']);
    expect(log).toEqual(['start A', 'end A', 'start B', 'end B', 'start C', 'end C']);
  });

  it('refuses a task when its waiting places are taken, with when to try again, and takes one again once a place frees', async () => {
    const queue = oneAtATime({ maxWaiting: 2, retryAfterSeconds: 9 });
    const { log, gates } = await fill(queue, 2);
    const refused = await queue.run(() => Promise.resolve('D')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFullError);
    expect((refused as QueueFullError).retryAfterSeconds).toBe(9);
    expect(log).toEqual(['start A']);

    gates[0]!.finish();
    await settle();
    const later = queue.run(() => Promise.resolve('E'));
    gates[1]!.finish();
    gates[2]!.finish();
    expect(await later).toBe('E');
  });

  it('goes on after a task that failed', async () => {
    const queue = oneAtATime({ maxWaiting: 1, retryAfterSeconds: 1 });
    const failed = queue.run(() => Promise.reject(new Error('unreadable')));
    const next = queue.run(() => Promise.resolve('next'));
    await expect(failed).rejects.toThrow('unreadable');
    expect(await next).toBe('next');
  });
});

describe("the photos' decoding", () => {
  it('decodes one photo at a time with 2 waiting; a 3rd waiting upload is refused, to come back once they are done', async () => {
    const { log, gates, results } = await fill(photoDecoding, 2);
    expect(log).toEqual(['start A']);
    const refused = await photoDecoding.run(() => Promise.resolve('D')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFullError);
    // Each decoding may take its 3 s limit: by then the running one and the 2 waiting are done.
    expect((refused as QueueFullError).retryAfterSeconds).toBe(9);
    for (const { finish } of gates) finish();
    expect(await Promise.all(results)).toEqual(['A', 'B', 'C']);
  });
});
