/**
 * The quote's rules with fixed clocks (docs/requirements.md §16): weight bands, the free-over threshold, cut-offs
 * before and after, weekends, a cart too heavy for a method and a country a method does not serve.
 */
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  estimatedDelivery,
  methodCostCents,
  quoteOptions,
  shipDay,
  shopTime,
  type Method,
} from './quote.js';

const CHICAGO = 'America/Chicago';

const ground: Method = {
  code: 'ground',
  name: 'Ground',
  kind: 'weight',
  priceCents: null,
  bands: [
    { upToGrams: 5_000, priceCents: 995 },
    { upToGrams: 20_000, priceCents: 1_995 },
    { upToGrams: 50_000, priceCents: 3_995 },
  ],
  freeOverCents: 50_000,
  transitMinDays: 3,
  transitMaxDays: 5,
  cutoff: '15:00',
  countries: ['US'],
};
const nextDay: Method = {
  ...ground,
  code: 'next-day',
  name: 'Next-day',
  bands: [{ upToGrams: 20_000, priceCents: 2_995 }],
  freeOverCents: null,
  transitMinDays: 1,
  transitMaxDays: 1,
  cutoff: '14:00',
};
const pickup: Method = {
  code: 'pickup',
  name: 'Counter pickup',
  kind: 'pickup',
  priceCents: 0,
  bands: [],
  freeOverCents: null,
  transitMinDays: 0,
  transitMaxDays: 0,
  cutoff: '17:00',
  countries: ['US'],
};
const flatCanada: Method = {
  ...pickup,
  code: 'ca-post',
  name: 'Canada Post',
  kind: 'flat',
  priceCents: 2_500,
  countries: ['CA'],
};

/** 2026-11-25 is a Wednesday; Chicago is UTC-6 in November. */
const at = (iso: string) => new Date(iso);

describe('shopTime', () => {
  it("reads the shop's wall clock in its time zone, across the UTC date line", () => {
    // 03:30 UTC on Thursday is 21:30 on Wednesday in Chicago.
    expect(shopTime(at('2026-11-26T03:30:00Z'), CHICAGO)).toEqual({
      date: '2026-11-25',
      weekday: 3,
      minutes: 21 * 60 + 30,
    });
    // Summer time: UTC-5.
    expect(shopTime(at('2026-07-01T18:05:00Z'), CHICAGO)).toMatchObject({
      date: '2026-07-01',
      minutes: 13 * 60 + 5,
    });
  });
});

describe('shipDay and business days', () => {
  it('ships today before the cut-off and the next business day at or after it', () => {
    const wednesday = shopTime(at('2026-11-25T20:59:00Z'), CHICAGO); // 14:59
    expect(shipDay(wednesday, '15:00')).toBe('2026-11-25');
    const atCutoff = shopTime(at('2026-11-25T21:00:00Z'), CHICAGO); // 15:00
    expect(shipDay(atCutoff, '15:00')).toBe('2026-11-26');
  });

  it('ships an order of Friday after the cut-off on Monday', () => {
    const friday = shopTime(at('2026-11-27T22:00:00Z'), CHICAGO); // Friday 16:00
    expect(shipDay(friday, '15:00')).toBe('2026-11-30');
  });

  it('ships a weekend order on Monday, whatever the time', () => {
    const saturdayMorning = shopTime(at('2026-11-28T15:00:00Z'), CHICAGO); // Saturday 09:00
    expect(shipDay(saturdayMorning, '15:00')).toBe('2026-11-30');
    const sundayMorning = shopTime(at('2026-11-29T15:00:00Z'), CHICAGO);
    expect(shipDay(sundayMorning, '15:00')).toBe('2026-11-30');
  });

  it('counts transit in business days, skipping Saturday and Sunday', () => {
    expect(addBusinessDays('2026-11-25', 0)).toBe('2026-11-25');
    expect(addBusinessDays('2026-11-25', 3)).toBe('2026-11-30'); // Wed + 3: Thu, Fri, Mon
    expect(addBusinessDays('2026-11-27', 1)).toBe('2026-11-30'); // Fri + 1: Mon
    expect(addBusinessDays('2026-11-27', 5)).toBe('2026-12-04');
  });
});

describe('estimatedDelivery', () => {
  it('gives ground from ship day + 3 to ship day + 5 business days, before and after the cut-off', () => {
    const before = shopTime(at('2026-11-25T16:00:00Z'), CHICAGO); // Wednesday 10:00
    expect(estimatedDelivery(ground, before)).toEqual({ from: '2026-11-30', to: '2026-12-02' });
    const after = shopTime(at('2026-11-25T22:00:00Z'), CHICAGO); // Wednesday 16:00: ships Thursday
    expect(estimatedDelivery(ground, after)).toEqual({ from: '2026-12-01', to: '2026-12-03' });
  });

  it('delivers next-day on Monday for an order of Friday after the cut-off: Tuesday', () => {
    const friday = shopTime(at('2026-11-27T21:00:00Z'), CHICAGO); // Friday 15:00, cut-off 14:00
    expect(estimatedDelivery(nextDay, friday)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    const fridayMorning = shopTime(at('2026-11-27T15:00:00Z'), CHICAGO); // Friday 09:00
    expect(estimatedDelivery(nextDay, fridayMorning)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
  });

  it('has a pickup ready today before the cut-off, else the next business day', () => {
    const afternoon = shopTime(at('2026-11-25T21:00:00Z'), CHICAGO); // 15:00, cut-off 17:00
    expect(estimatedDelivery(pickup, afternoon)).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    const evening = shopTime(at('2026-11-25T23:30:00Z'), CHICAGO); // 17:30
    expect(estimatedDelivery(pickup, evening)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    const saturday = shopTime(at('2026-11-28T16:00:00Z'), CHICAGO);
    expect(estimatedDelivery(pickup, saturday)).toEqual({ from: '2026-11-30', to: '2026-11-30' });
  });
});

describe('methodCostCents', () => {
  it('prices a weight method by the first band that reaches the weight (bands include their limit)', () => {
    expect(methodCostCents(ground, 10_000, 1)).toBe(995);
    expect(methodCostCents(ground, 10_000, 5_000)).toBe(995);
    expect(methodCostCents(ground, 10_000, 5_001)).toBe(1_995);
    expect(methodCostCents(ground, 10_000, 50_000)).toBe(3_995);
  });

  it('does not take a cart heavier than the last band', () => {
    expect(methodCostCents(ground, 10_000, 50_001)).toBeNull();
    expect(methodCostCents(nextDay, 10_000, 20_001)).toBeNull();
  });

  it('is free from the free-over subtotal, and not a cent below it', () => {
    expect(methodCostCents(ground, 49_999, 12_000)).toBe(1_995);
    expect(methodCostCents(ground, 50_000, 12_000)).toBe(0);
    expect(methodCostCents(ground, 50_000, 60_000)).toBeNull();
  });

  it('charges a flat or pickup price whatever the weight', () => {
    expect(methodCostCents(flatCanada, 100, 900_000)).toBe(2_500);
    expect(methodCostCents(pickup, 100, 900_000)).toBe(0);
  });
});

describe('quoteOptions', () => {
  const wednesdayMorning = at('2026-11-25T16:00:00Z');
  const quote = (weightGrams: number, subtotalCents: number, country = 'US') =>
    quoteOptions([pickup, ground, nextDay, flatCanada], {
      weightGrams,
      subtotalCents,
      country,
      now: wednesdayMorning,
      timeZone: CHICAGO,
    });

  it("offers the methods serving the country in the admin's order, with costs and dates", () => {
    expect(quote(4_000, 12_000)).toEqual([
      {
        code: 'pickup',
        name: 'Counter pickup',
        kind: 'pickup',
        costCents: 0,
        estimatedDelivery: { from: '2026-11-25', to: '2026-11-25' },
      },
      {
        code: 'ground',
        name: 'Ground',
        kind: 'weight',
        costCents: 995,
        estimatedDelivery: { from: '2026-11-30', to: '2026-12-02' },
      },
      {
        code: 'next-day',
        name: 'Next-day',
        kind: 'weight',
        costCents: 2_995,
        estimatedDelivery: { from: '2026-11-26', to: '2026-11-26' },
      },
    ]);
  });

  it('leaves out the methods too light for the cart', () => {
    expect(quote(30_000, 12_000).map((option) => option.code)).toEqual(['pickup', 'ground']);
    expect(quote(60_000, 80_000).map((option) => option.code)).toEqual(['pickup']);
  });

  it('offers only the methods that serve the country', () => {
    expect(quote(4_000, 12_000, 'CA').map((option) => option.code)).toEqual(['ca-post']);
    expect(quote(4_000, 12_000, 'MX')).toEqual([]);
  });

  it('makes ground free over the threshold', () => {
    expect(quote(4_000, 50_000).find((option) => option.code === 'ground')?.costCents).toBe(0);
  });
});
