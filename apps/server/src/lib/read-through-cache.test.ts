import { describe, expect, it } from 'vitest';
import { createReadThroughCache } from './read-through-cache.js';

describe('createReadThroughCache', () => {
  const value = (text: string) => async () => text;

  it('serves a fresh entry without loading, and reloads after the TTL', async () => {
    let clock = 1000;
    const cache = createReadThroughCache<string>({ ttlMs: 100, maxCost: 10, now: () => clock });
    let loads = 0;
    const load = async () => `v${++loads}`;
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    clock = 1100;
    expect(await cache.getOrLoad('k', load)).toBe('v1');
    clock = 1101;
    expect(await cache.getOrLoad('k', load)).toBe('v2');
  });

  it('keeps entries without a TTL until they are invalidated', async () => {
    let clock = 1000;
    const cache = createReadThroughCache<string>({ ttlMs: Infinity, maxCost: 10, now: () => clock });
    await cache.getOrLoad('k', value('kept'));
    clock = 1e12;
    expect(await cache.getOrLoad('k', value('reloaded'))).toBe('kept');
    cache.invalidate();
    expect(await cache.getOrLoad('k', value('reloaded'))).toBe('reloaded');
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 1000, maxCost: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 'shared';
    };
    const results = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect(results).toEqual(['shared', 'shared']);
    expect(loads).toBe(1);
  });

  it('does not store failed loads', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 1000, maxCost: 10 });
    await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.size).toBe(0);
    expect(await cache.getOrLoad('k', value('ok'))).toBe('ok');
  });

  it('forgets everything on invalidate(), including a load that started before it', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 1000, maxCost: 10 });
    await cache.getOrLoad('a', value('old a'));
    let release!: () => void;
    const slow = cache.getOrLoad(
      'b',
      () => new Promise<string>((resolve) => (release = () => resolve('old b'))),
    );
    cache.invalidate();
    release();
    expect(await slow).toBe('old b');
    expect([cache.size, cache.cost]).toEqual([0, 0]);
    expect(await cache.getOrLoad('a', value('new a'))).toBe('new a');
    expect(await cache.getOrLoad('b', value('new b'))).toBe('new b');
  });

  it('forgets only the entries carrying a tag, and loads in flight', async () => {
    const cache = createReadThroughCache<string[]>({ ttlMs: 1000, maxCost: 10, tagsOf: (tags) => tags });
    await cache.getOrLoad('ab', async () => ['a', 'b']);
    await cache.getOrLoad('bc', async () => ['b', 'c']);
    await cache.getOrLoad('c', async () => ['c']);
    let release!: () => void;
    const slow = cache.getOrLoad(
      'd',
      () => new Promise<string[]>((resolve) => (release = () => resolve(['d']))),
    );
    cache.invalidateTag('b');
    release();
    await slow;
    expect(cache.size).toBe(1);
    expect(await cache.getOrLoad('c', async () => ['reloaded'])).toEqual(['c']);
    expect(await cache.getOrLoad('ab', async () => ['reloaded'])).toEqual(['reloaded']);
    cache.invalidateTag('c');
    expect(await cache.getOrLoad('c', async () => ['new c'])).toEqual(['new c']);
  });

  it('bounds the summed cost, evicting the least recently used entries', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 1000, maxCost: 6, costOf: (text) => text.length });
    await cache.getOrLoad('a', value('aa'));
    await cache.getOrLoad('b', value('bb'));
    await cache.getOrLoad('a', value('unused'));
    await cache.getOrLoad('c', value('cccc'));
    expect([cache.size, cache.cost]).toEqual([2, 6]);
    expect(await cache.getOrLoad('a', value('reloaded'))).toBe('aa');
    expect(await cache.getOrLoad('b', value('b again'))).toBe('b again');
  });

  it('does not store a value costlier than the whole cache', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 1000, maxCost: 3, costOf: (text) => text.length });
    await cache.getOrLoad('small', value('ab'));
    expect(await cache.getOrLoad('big', value('abcd'))).toBe('abcd');
    expect([cache.size, cache.cost]).toEqual([1, 2]);
  });

  it('loads every time while suspended, and starts empty when resumed', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 1000, maxCost: 10 });
    await cache.getOrLoad('k', value('before'));
    cache.suspend();
    expect(cache.size).toBe(0);
    expect(await cache.getOrLoad('k', value('one'))).toBe('one');
    expect(await cache.getOrLoad('k', value('two'))).toBe('two');
    expect(cache.size).toBe(0);
    cache.resume();
    expect(await cache.getOrLoad('k', value('three'))).toBe('three');
    expect(await cache.getOrLoad('k', value('four'))).toBe('three');
  });

  it('shares concurrent loads while suspended, and does not store them after resuming', async () => {
    const cache = createReadThroughCache<string>({ ttlMs: 1000, maxCost: 10 });
    cache.suspend();
    let loads = 0;
    let release!: () => void;
    const load = () => {
      loads += 1;
      return new Promise<string>((resolve) => (release = () => resolve('shared')));
    };
    const both = Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    cache.resume();
    release();
    expect(await both).toEqual(['shared', 'shared']);
    expect([loads, cache.size]).toEqual([1, 0]);
  });

  it('loads every time when the TTL or the bound is 0', async () => {
    for (const options of [
      { ttlMs: 0, maxCost: 10 },
      { ttlMs: 1000, maxCost: 0 },
    ]) {
      const cache = createReadThroughCache<string>(options);
      await cache.getOrLoad('k', value('one'));
      expect(await cache.getOrLoad('k', value('two'))).toBe('two');
      expect(cache.size).toBe(0);
    }
  });
});
