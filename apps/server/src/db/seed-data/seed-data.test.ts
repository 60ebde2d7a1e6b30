/**
 * Checks that the demo catalogue is complete and internally consistent: enough rows, unique keys, every
 * reference resolves, sane quantities and prices, and every image it names ships with the web app as a
 * safe, self-contained SVG (the machines are offline: nothing may be hot-linked or scripted). Its fitment data is
 * checked against the vehicle list in modules/vehicles/seed-fitment-data.test.ts.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { categories, makes, partTypes, parts, reviews } from './index.js';

const publicDir = fileURLToPath(new URL('../../../../web/public/', import.meta.url));
const imagesDir = join(publicDir, 'images');

/** File on disk for an image URL such as '/images/parts/oil-filter.svg'. */
function fileOf(url: string): string {
  return join(publicDir, ...url.split('/').filter(Boolean));
}

function duplicates(values: string[]): string[] {
  return values.filter((value, i) => values.indexOf(value) !== i);
}

function svgFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return svgFiles(full);
    return entry.name.endsWith('.svg') ? [full] : [];
  });
}

describe('demo catalogue', () => {
  it('has no review praising what the shop does not offer (invoices, purchase orders)', () => {
    for (const review of reviews) expect(review.description).not.toMatch(/invoice|purchase order/i);
  });

  it('has enough makes, categories, part types, parts and reviews', () => {
    expect(makes.length).toBeGreaterThanOrEqual(12);
    expect(categories.length).toBeGreaterThanOrEqual(8);
    expect(partTypes.length).toBeGreaterThanOrEqual(30);
    expect(parts.length).toBeGreaterThanOrEqual(60);
    expect(reviews.length).toBeGreaterThanOrEqual(6);
  });

  it('uses unique slugs, names and SKUs', () => {
    expect(duplicates(makes.map((m) => m.slug))).toEqual([]);
    expect(duplicates(makes.map((m) => m.name))).toEqual([]);
    expect(duplicates(categories.map((c) => c.slug))).toEqual([]);
    expect(duplicates(categories.map((c) => c.name))).toEqual([]);
    expect(duplicates(partTypes.map((t) => t.slug))).toEqual([]);
    expect(duplicates(partTypes.map((t) => t.skuPrefix))).toEqual([]);
    expect(duplicates(parts.map((p) => p.sku))).toEqual([]);
    expect(duplicates(parts.map((p) => p.name))).toEqual([]);
  });

  it('gives every make a few models', () => {
    for (const make of makes) {
      expect(make.models.length, make.slug).toBeGreaterThanOrEqual(4);
      expect(duplicates(make.models), make.slug).toEqual([]);
    }
  });

  it('resolves every category and make reference', () => {
    const categorySlugs = new Set(categories.map((c) => c.slug));
    const makeSlugs = new Set(makes.map((m) => m.slug));
    for (const type of partTypes) expect(categorySlugs.has(type.category), type.slug).toBe(true);
    for (const part of parts) {
      expect(categorySlugs.has(part.category), part.sku).toBe(true);
      if (part.make !== null) expect(makeSlugs.has(part.make), part.sku).toBe(true);
    }
    // Every category has parts to show.
    for (const slug of categorySlugs)
      expect(
        parts.some((p) => p.category === slug),
        slug,
      ).toBe(true);
  });

  it('draws each part with the image of a part type of its own category, priced within its range', () => {
    const typeByImg = new Map(partTypes.map((t) => [t.img, t]));
    for (const part of parts) {
      const type = typeByImg.get(part.img);
      expect(type, part.sku).toBeDefined();
      if (!type) continue;
      expect(part.category, part.sku).toBe(type.category);
      expect(part.sku.startsWith(`${type.skuPrefix}-`), part.sku).toBe(true);
      expect(part.priceCents, part.sku).toBeGreaterThanOrEqual(type.priceCents.min);
      expect(part.priceCents, part.sku).toBeLessThanOrEqual(type.priceCents.max);
    }
  });

  it('has sane quantities and prices', () => {
    for (const part of parts) {
      expect(Number.isInteger(part.available), part.sku).toBe(true);
      expect(Number.isInteger(part.minqty), part.sku).toBe(true);
      expect(part.minqty, part.sku).toBeGreaterThanOrEqual(1);
      expect(part.minqty, part.sku).toBeLessThanOrEqual(part.available);
      expect(Number.isInteger(part.priceCents), part.sku).toBe(true);
      expect(part.priceCents, part.sku).toBeGreaterThan(0);
      expect(part.name.trim().length, part.sku).toBeGreaterThan(0);
      expect(part.description.trim().length, part.sku).toBeGreaterThan(40);
    }
    for (const type of partTypes) {
      expect(Number.isInteger(type.priceCents.min) && Number.isInteger(type.priceCents.max), type.slug).toBe(
        true,
      );
      expect(type.priceCents.min, type.slug).toBeGreaterThan(0);
      expect(type.priceCents.min, type.slug).toBeLessThan(type.priceCents.max);
      expect(type.minqtyChoices.length, type.slug).toBeGreaterThan(0);
      for (const q of type.minqtyChoices) expect(Number.isInteger(q) && q >= 1, type.slug).toBe(true);
    }
  });

  it('features six parts from different categories first', () => {
    const featured = parts.slice(0, 6);
    expect(featured).toHaveLength(6);
    expect(new Set(featured.map((p) => p.category)).size).toBe(6);
    expect(featured.every((p) => p.available >= p.minqty)).toBe(true);
  });

  it('rates reviews from 1 to 5 stars', () => {
    for (const review of reviews) {
      expect(Number.isInteger(review.rating), review.name).toBe(true);
      expect(review.rating, review.name).toBeGreaterThanOrEqual(1);
      expect(review.rating, review.name).toBeLessThanOrEqual(5);
      expect(review.name.trim().length, review.name).toBeGreaterThan(0);
      expect(review.description.trim().length, review.name).toBeGreaterThan(0);
    }
  });

  it('names only images that ship with the web app', () => {
    const urls = [
      ...makes.map((m) => m.img),
      ...categories.map((c) => c.img),
      ...partTypes.map((t) => t.img),
      ...parts.map((p) => p.img),
      ...reviews.map((r) => r.img),
      '/images/hero/workshop.svg',
    ];
    for (const url of urls) {
      expect(url, url).toMatch(/^\/images\/[a-z0-9/-]+\.svg$/);
      expect(existsSync(fileOf(url)), url).toBe(true);
    }
  });

  it('ships every image as a self-contained, script-free SVG with a title', () => {
    const files = svgFiles(imagesDir);
    expect(files.length).toBeGreaterThanOrEqual(
      makes.length + categories.length + partTypes.length + reviews.length + 1,
    );
    for (const file of files) {
      const text = readFileSync(file, 'utf8').trim();
      expect(text.startsWith('<svg') || text.startsWith('<?xml'), file).toBe(true);
      expect(text.endsWith('</svg>'), file).toBe(true);
      expect(text, file).toContain('<title>');
      expect(text.toLowerCase(), file).not.toContain('<script');
      expect(text, file).not.toMatch(/\son[a-z]+\s*=/i);
      expect(text, file).not.toMatch(/href\s*=\s*["']\s*(https?:|\/\/|data:)/i);
      expect(text, file).not.toMatch(/url\(\s*["']?(https?:|\/\/)/i);
      expect(text, file).not.toMatch(/@import|@font-face|<image[\s>]|<foreignObject/i);
    }
  });
});
