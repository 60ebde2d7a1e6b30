import { describe, expect, it } from 'vitest';
import { getShopName } from './shop-name';

function documentWith(head: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head>${head}</head><body></body></html>`,
    'text/html',
  );
}

describe('getShopName', () => {
  it('reads the name the server wrote into the meta tag', () => {
    expect(getShopName(documentWith('<meta name="partsforge:shop-name" content="Axle &amp; Co">'))).toBe(
      'Axle & Co',
    );
  });

  it('falls back to PartsForge when the tag is missing or empty', () => {
    expect(getShopName(documentWith(''))).toBe('PartsForge');
    expect(getShopName(documentWith('<meta name="partsforge:shop-name" content="  ">'))).toBe('PartsForge');
  });
});
