// Work that must not run twice at once in this process (decoding an uploaded photo, issue 37 F1): each task waits for
// the one before it, and a queue that is full refuses at once instead of piling up requests.

/** Thrown by `run` when every place in the queue is taken: try again after `retryAfterSeconds`. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('The queue is full.');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface OneAtATime {
  /** Runs `task` once the tasks before it have settled; throws QueueFullError when `maxWaiting` tasks wait already. */
  run<T>(task: () => Promise<T>): Promise<T>;
}

/**
 * A queue of tasks run one at a time, at most `maxWaiting` of them waiting behind the running one. A refused caller is
 * told to come back after `retryAfterSeconds`.
 */
export function oneAtATime({ maxWaiting, retryAfterSeconds }: { maxWaiting: number; retryAfterSeconds: number }): OneAtATime {
  let running = false;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      if (running) {
        if (waiting.length >= maxWaiting) throw new QueueFullError(retryAfterSeconds);
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      running = true;
      try {
        return await task();
      } finally {
        // The next task inherits `running`: none that arrives meanwhile can slip in between.
        const next = waiting.shift();
        if (next) next();
        else running = false;
      }
    },
  };
}
