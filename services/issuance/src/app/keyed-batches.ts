/**
 * Items queued per key (an organization) and handed to `run` in batches of at most `maxBatch`,
 * one batch per key at a time. The first batch of an idle key starts after the current turn of
 * the event loop (setImmediate), so it takes every item added in that turn: the answers of one
 * signing call or one read resume their issues one after the other in a single turn, and before
 * this the first of them went alone and the rest in a second batch. Items that arrive while a
 * batch runs wait and go together in the next one. `run` settles its items itself (each has its
 * own answer); a batch never waits for another key's.
 * Used by the group commit (issue-committer.ts) and the signing batcher (sign-batcher.ts).
 */
export class KeyedBatches<T> {
  private readonly queues = new Map<string, T[]>();
  private readonly running = new Set<string>();

  constructor(
    private readonly maxBatch: number,
    private readonly run: (key: string, batch: T[]) => Promise<void>,
  ) {}

  add(key: string, item: T): void {
    const queue = this.queues.get(key);
    if (queue) queue.push(item);
    else this.queues.set(key, [item]);
    if (this.running.has(key)) return;
    this.running.add(key);
    setImmediate(() => void this.drain(key));
  }

  /** Runs the key's queue, batch after batch, until it is empty (the key is marked running by add()). */
  private async drain(key: string): Promise<void> {
    try {
      for (;;) {
        const queue = this.queues.get(key);
        if (!queue || queue.length === 0) break;
        const batch = queue.splice(0, this.maxBatch);
        if (queue.length === 0) this.queues.delete(key);
        await this.run(key, batch);
      }
    } finally {
      // No await between the empty queue and this line: a later add() starts a new drain.
      this.running.delete(key);
    }
  }
}
