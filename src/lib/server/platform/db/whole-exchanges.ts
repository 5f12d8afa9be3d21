import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

// pglite-socket (0.2) queues every protocol message of every connection into PGlite's one session and, outside a
// transaction, runs them in arrival order. postgres.js sends each query as an extended-protocol exchange (Parse, Bind,
// Describe, Execute, then Sync), which the socket enqueues one message at a time: another connection's message can
// fall between them and replace the unnamed statement or portal under the first ("portal \"\" does not exist"). The
// site itself holds one connection, but tests beside a server hold two (docs/decisions/003): once the worker sent
// notification emails, three API test files failed on it in embedded runs (rate-limits.test.ts in every run). This
// keeps each exchange whole: after a message that does not end one, only that connection's next message is taken.

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(error: unknown): void;
}

/** The socket server's query queue, as pglite-socket 0.2.17 builds it (fields private to its types). */
interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** The first byte of the messages after which a connection waits for the server: Sync, Query, Terminate, and a startup
 * message (its first byte is the high byte of its length). */
const ENDS_EXCHANGE = new Set([0x53, 0x51, 0x58, 0x00]);

/** Makes `server` run each connection's extended-protocol exchange without another connection's messages inside it. */
export function keepExchangesWhole(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  if (!queue || !Array.isArray(queue.queue) || typeof queue.clearQueueForHandler !== 'function') {
    throw new Error('pglite-socket changed its query queue: review src/lib/server/platform/db/whole-exchanges.ts');
  }
  let exchangeOpen = false;

  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const held = (exchangeOpen || this.db.isInTransaction()) && this.lastHandlerId !== null;
        const index = held ? this.queue.findIndex((item) => item.handlerId === this.lastHandlerId) : 0;
        // The connection holding the session has not sent its next message yet: its enqueue runs the queue again.
        if (index === -1) break;
        const [item] = this.queue.splice(index, 1) as [QueuedMessage];
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          exchangeOpen = false;
          item.reject(error);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        exchangeOpen = !ENDS_EXCHANGE.has(item.message[0]!);
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };

  // A connection that goes away in the middle of an exchange releases the session to the others.
  const clearQueueForHandler = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId: number) => {
    clearQueueForHandler(handlerId);
    if (queue.lastHandlerId === handlerId && exchangeOpen) {
      exchangeOpen = false;
      void queue.processQueue();
    }
  };
}
