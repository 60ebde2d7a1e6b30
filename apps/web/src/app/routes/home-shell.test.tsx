import { DEFAULT_SHOP_NAME } from '@partsforge/shared/constants';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeroBanner } from '@/features/marketing/components/hero-banner';
import { renderApp } from '@/testing/render-app';
import { requestLog } from '@/testing/server';
import indexHtml from '../../../index.html?raw';

/**
 * apps/web/index.html carries the home page's first screen as plain HTML (the hero, under a bar the navbar's
 * height), so the browser paints it, and its LCP picture, before the script has loaded (docs/decisions/007). The
 * hero there must stay the one HeroBanner renders: the app's first render replaces it.
 */

/** An element as comparable text: tag, sorted attributes, children; whitespace-only text dropped, runs collapsed. */
function normalise(node: Node): string {
  if (node.nodeType === 3) return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (node.nodeType !== 1) return '';
  const element = node as Element;
  const attributes = [...element.attributes]
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort()
    .join(' ');
  const children = [...element.childNodes].map(normalise).filter(Boolean).join('');
  return `<${element.tagName.toLowerCase()} ${attributes}>${children}</${element.tagName.toLowerCase()}>`;
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const HERO = 'section[aria-labelledby="hero-heading"]';

describe('the home page shell in index.html', () => {
  it('is the hero HeroBanner renders, with the default shop name', () => {
    const rendered = renderToStaticMarkup(
      <MemoryRouter>
        <HeroBanner shopName={DEFAULT_SHOP_NAME} />
      </MemoryRouter>,
    );
    const fromReact = parse(rendered).querySelector(HERO);
    const fromShell = parse(indexHtml).querySelector(`#root ${HERO}`);
    expect(fromReact).not.toBeNull();
    expect(fromShell, 'index.html has the hero in #root').not.toBeNull();
    expect(normalise(fromShell!)).toBe(normalise(fromReact!));
  });

  it("preloads the API calls a visitor's home page makes, exactly as it makes them", async () => {
    const preloads = [
      ...parse(indexHtml).querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'),
    ].map((link) => {
      expect(link.hasAttribute('crossorigin'), link.getAttribute('href') ?? '').toBe(true);
      return `GET ${link.getAttribute('href')}`;
    });
    expect(preloads.length).toBeGreaterThan(0);
    const log = requestLog();
    renderApp('/');
    await waitFor(() => expect(log).toEqual(expect.arrayContaining(preloads)));
  });
});
