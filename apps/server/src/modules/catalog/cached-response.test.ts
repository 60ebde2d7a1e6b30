import { describe, expect, it } from 'vitest';
import { preferredEncoding } from './cached-response.js';

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['GZIP;Q=0.8', 'gzip'],
    ['*', 'br'],
    // `*` stands for br here, at 0.9: better than gzip at 0.2.
    ['gzip;q=0.2, *;q=0.9', 'br'],
  ])('picks %j -> %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
