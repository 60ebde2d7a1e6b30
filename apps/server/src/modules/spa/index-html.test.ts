import { describe, expect, it } from 'vitest';
import { escapeHtml, renderIndexHtml, withEntryAfterFirstPaint, withoutHomeShell } from './index-html.js';

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="partsforge:shop-name" content="PartsForge" />
    <title>PartsForge</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('renderIndexHtml', () => {
  it('puts the shop name in the shop-name meta tag and the title', () => {
    const html = renderIndexHtml(page, 'Northside Parts');
    expect(html).toContain('<meta name="partsforge:shop-name" content="Northside Parts" />');
    expect(html).toContain('<title>Northside Parts</title>');
    expect(html).not.toContain('PartsForge');
  });

  it('escapes HTML in the name', () => {
    const html = renderIndexHtml(page, `Bob's <Parts> & "Co"`);
    expect(html).toContain('content="Bob&#39;s &#60;Parts&#62; &#38; &#34;Co&#34;"');
    expect(html).toContain('<title>Bob&#39;s &#60;Parts&#62; &#38; &#34;Co&#34;</title>');
    expect(html).not.toContain('<Parts>');
  });

  it('handles attribute order, single quotes and a missing content attribute', () => {
    expect(renderIndexHtml(`<meta content='Old' name='partsforge:shop-name'>`, 'New')).toBe(
      `<meta content="New" name='partsforge:shop-name'>`,
    );
    expect(renderIndexHtml('<meta name="partsforge:shop-name">', 'New')).toBe(
      '<meta name="partsforge:shop-name" content="New">',
    );
  });

  it('leaves other meta tags alone', () => {
    const html = renderIndexHtml('<meta name="description" content="Car parts"><title>x</title>', 'New');
    expect(html).toBe('<meta name="description" content="Car parts"><title>New</title>');
  });

  it('escapeHtml escapes the five special characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
  });

  it("writes the welcome into the home shell's h1, escaped", () => {
    const shell = `<h1\n  id="hero-heading"\n  class="text-4xl"\n>\n  Welcome to PartsForge\n</h1><h1>Other</h1>`;
    expect(renderIndexHtml(shell, 'Bolt & Nut <Wholesale>')).toBe(
      '<h1\n  id="hero-heading"\n  class="text-4xl"\n>Welcome to Bolt &#38; Nut &#60;Wholesale&#62;</h1><h1>Other</h1>',
    );
  });
});

describe('withoutHomeShell', () => {
  it('removes the home page shell and its markers, nothing else', () => {
    const html = `<div id="root">
      <!-- partsforge:home-shell -->
      <section><h1 id="hero-heading">Welcome</h1></section>
      <!-- /partsforge:home-shell -->
    </div>`;
    expect(withoutHomeShell(html)).toBe('<div id="root">\n    </div>');
    expect(withoutHomeShell(page)).toBe(page);
  });
});

describe('withEntryAfterFirstPaint', () => {
  it('replaces the entry module script by the deferred loader given its address, leaving other scripts alone', () => {
    expect(
      withEntryAfterFirstPaint(
        '<script src="/x.js"></script><script type="module" crossorigin src="/assets/index-1.js"></script>' +
          '<script type="application/json">{}</script>',
      ),
    ).toBe(
      '<script src="/x.js"></script><script defer src="/start-app.js" data-entry="/assets/index-1.js"></script>' +
        '<script type="application/json">{}</script>',
    );
  });

  it('leaves a page without a module script unchanged', () => {
    const html = '<script src="/x.js"></script>';
    expect(withEntryAfterFirstPaint(html)).toBe(html);
  });
});
