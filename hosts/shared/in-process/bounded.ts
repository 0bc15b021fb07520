/**
 * Memory for a door that lives as long as its host process: a per-key queue and a Set and a Map
 * that forget their oldest entries, so nothing grows without limit. Plain data structures: no
 * timer, file or clock.
 */

/** Runs tasks one after another per key; tasks of different keys run independently. */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  /**
   * Queue `task` behind everything already queued for `key`. The task is chained
   * synchronously, so a caller that queues and then immediately asks `idle(key)` waits for it.
   * A failing task never blocks the tasks after it.
   */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Resolves when every task queued for `key` so far has settled (at once when none is). */
  idle(key: string): Promise<void> {
    return this.tails.get(key) ?? Promise.resolve();
  }

  /** Resolves when no key has work left, work queued meanwhile included. */
  async settled(): Promise<void> {
    while (this.tails.size > 0) {
      await Promise.all([...this.tails.values()]);
      // let the bookkeeping `then` of each finished tail run before looking again
      await Promise.resolve();
    }
  }

  /** Number of keys with work in flight (for tests and leak checks). */
  get busyKeys(): number {
    return this.tails.size;
  }
}

/** A set that forgets its oldest entries beyond `limit`. */
export class BoundedSet {
  private readonly items = new Set<string>();
  constructor(private readonly limit = 1024) {}

  has(key: string): boolean {
    return this.items.has(key);
  }

  /** Adds `key`; returns false when it was already there. */
  add(key: string): boolean {
    if (this.items.has(key)) return false;
    this.items.add(key);
    while (this.items.size > this.limit) {
      const oldest = this.items.values().next().value;
      if (oldest === undefined) break;
      this.items.delete(oldest);
    }
    return true;
  }

  delete(key: string): void {
    this.items.delete(key);
  }

  get size(): number {
    return this.items.size;
  }
}

/** A Map that forgets its oldest entries beyond `limit`. */
export class BoundedMap<V> {
  private readonly items = new Map<string, V>();
  constructor(private readonly limit = 1024) {}

  get(key: string): V | undefined {
    return this.items.get(key);
  }

  has(key: string): boolean {
    return this.items.has(key);
  }

  set(key: string, value: V): void {
    this.items.delete(key);
    this.items.set(key, value);
    while (this.items.size > this.limit) {
      const oldest = this.items.keys().next().value;
      if (oldest === undefined) break;
      this.items.delete(oldest);
    }
  }

  delete(key: string): void {
    this.items.delete(key);
  }

  /** The value, removed: a hand-over that happens once. */
  take(key: string): V | undefined {
    const v = this.items.get(key);
    this.items.delete(key);
    return v;
  }

  get size(): number {
    return this.items.size;
  }
}
