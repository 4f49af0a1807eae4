import { describe, expect, it } from 'vitest';
import { GenerationCache } from './generation-cache.js';

describe('GenerationCache', () => {
  it('keeps entries of the current generation and drops them all when it moves on', () => {
    const cache = new GenerationCache<string>({ maxEntries: 10 });
    cache.set('a', 'A', 1);
    cache.set('b', 'B', 1);
    expect(cache.get('a', 1)).toBe('A');
    expect(cache.get('a', 2)).toBeUndefined();
    expect(cache.get('b', 2)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('refuses an entry made at an older generation, and never answers an older one', () => {
    const cache = new GenerationCache<string>({ maxEntries: 10 });
    cache.set('a', 'new', 2);
    cache.set('b', 'made before a write', 1);
    expect(cache.get('b', 2)).toBeUndefined();
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('a', 2)).toBe('new');
  });

  it('lets the oldest entries go first when the count or the bytes would exceed the bounds', () => {
    const cache = new GenerationCache<string>({ maxEntries: 2, maxBytes: 100 });
    cache.set('a', 'A', 1, 10);
    cache.set('b', 'B', 1, 10);
    cache.set('c', 'C', 1, 10);
    expect([cache.get('a', 1), cache.get('b', 1), cache.get('c', 1)]).toEqual([
      undefined,
      'B',
      'C',
    ]);
    cache.set('d', 'D', 1, 95);
    expect(cache.size).toBe(1);
    expect(cache.get('d', 1)).toBe('D');
    cache.set('huge', 'H', 1, 101);
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.get('d', 1)).toBe('D');
  });

  it('counts bytes an entry gains later toward the bound', () => {
    const cache = new GenerationCache<string>({ maxEntries: 10, maxBytes: 100 });
    cache.set('a', 'A', 1, 40);
    expect(cache.grow('a', 40)).toBe(true);
    cache.set('b', 'B', 1, 30);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBe('B');
    expect(cache.grow('gone', 1)).toBe(false);
  });
});
