/**
 * A bounded in-memory cache whose entries all belong to one count of the change counter
 * (db/change-counter.ts, ADR 011). Reading or writing at a newer count first drops every entry;
 * an entry made at an older count than the cache's is not kept, since a write it does not show
 * has happened since. When an entry would exceed the bounds, the oldest entries leave first.
 *
 * What a reader must not break: an entry is stored with the count it was computed under, read
 * before the work started (not after), so a write that lands while it is computed drops it.
 */
export class GenerationCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private generation = -1;
  private bytes = 0;

  constructor(private readonly limits: { maxEntries: number; maxBytes?: number }) {}

  get(key: string, generation: number): V | undefined {
    this.advance(generation);
    if (generation !== this.generation) return undefined;
    return this.entries.get(key)?.value;
  }

  /** Keeps `value` when `generation` is still current; `bytes` counts toward `maxBytes`. */
  set(key: string, value: V, generation: number, bytes = 0): void {
    this.advance(generation);
    if (generation !== this.generation) return;
    const maxBytes = this.limits.maxBytes ?? Infinity;
    if (bytes > maxBytes) return;
    this.delete(key);
    while (
      this.entries.size >= this.limits.maxEntries ||
      (this.entries.size > 0 && this.bytes + bytes > maxBytes)
    ) {
      this.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
  }

  /** Adds bytes to an entry that grew in place (a compressed copy made later); false if gone. */
  grow(key: string, bytes: number): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    entry.bytes += bytes;
    this.bytes += bytes;
    return true;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private advance(generation: number): void {
    if (generation <= this.generation) return;
    this.generation = generation;
    this.entries.clear();
    this.bytes = 0;
  }
}
