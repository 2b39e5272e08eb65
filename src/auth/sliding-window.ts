/** Counts events per key within a time window, in memory (one server process). */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Events of `key` still inside the window. */
  count(key: string, now = Date.now()): number {
    const list = this.hits.get(key);
    if (!list) return 0;
    const fresh = list.filter((t) => now - t < this.windowMs);
    if (fresh.length) this.hits.set(key, fresh);
    else this.hits.delete(key);
    return fresh.length;
  }

  isOver(key: string, now = Date.now()): boolean {
    return this.count(key, now) >= this.limit;
  }

  record(key: string, now = Date.now()): number {
    const list = this.hits.get(key) ?? [];
    list.push(now);
    this.hits.set(key, list);
    return this.count(key, now);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  /** Drops keys whose events have all left the window. */
  purge(now = Date.now()): void {
    for (const key of [...this.hits.keys()]) this.count(key, now);
  }

  get size(): number {
    return this.hits.size;
  }
}
