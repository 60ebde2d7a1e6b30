/**
 * The rules of a shipping quote (docs/requirements.md §16), as pure functions of the methods, the cart and a clock:
 * which methods are offered, what each costs and when it arrives. Money is integer cents, weights whole grams,
 * dates ISO calendar dates (YYYY-MM-DD) in the shop's time zone. Business days are Monday to Friday; public holidays
 * are not known, so they count as business days.
 */
import type { WeightBandRow } from '../../db/schema/index.js';

/** A delivery method as the rules read it (shipping_methods without its order). */
export interface Method {
  code: string;
  name: string;
  kind: 'flat' | 'weight' | 'pickup';
  /** Flat and pickup price in cents (null: none given; a pickup is then free). */
  priceCents: number | null;
  /** Ascending weight bands (weight methods). */
  bands: WeightBandRow[];
  /** Free from this subtotal in cents; null: never. */
  freeOverCents: number | null;
  transitMinDays: number;
  transitMaxDays: number;
  /** 'HH:MM' in the shop's time zone. */
  cutoff: string;
  countries: string[];
}

/** A method offered for a cart: its cost in cents and delivery window. */
export interface OfferedMethod {
  code: string;
  name: string;
  /** The method's kind: the checkout's default is never a pickup. */
  kind: Method['kind'];
  costCents: number;
  estimatedDelivery: { from: string; to: string };
}

/** A moment as the shop's wall clock shows it. */
export interface ShopTime {
  /** YYYY-MM-DD. */
  date: string;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  /** Minutes since midnight. */
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The Intl formatter of `timeZone`'s wall clock (cached: building one costs more than using it). */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `now` on the wall clock of `timeZone` (an IANA name): its date, weekday and minutes since midnight. */
export function shopTime(now: Date, timeZone: string): ShopTime {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(now)) parts[part.type] = part.value;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    weekday: new Date(`${date}T00:00:00Z`).getUTCDay(),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** `date` (YYYY-MM-DD) plus `days` calendar days. */
function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** True for Monday to Friday (holidays are not known). */
export function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The business day `days` business days after `date` (`date` itself for 0; `date` is a business day). */
export function addBusinessDays(date: string, days: number): string {
  let day = date;
  for (let left = days; left > 0;) {
    day = addDays(day, 1);
    if (isBusinessDay(day)) left -= 1;
  }
  return day;
}

/** Minutes since midnight of 'HH:MM'. */
function minutesOf(cutoff: string): number {
  const [hours = '0', minutes = '0'] = cutoff.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/**
 * The day an order placed at `now` leaves the shop: today when it is a business day and the shop's clock is
 * before `cutoff` ('HH:MM'), else the next business day (Friday after the cut-off, Saturday and Sunday: Monday).
 */
export function shipDay(now: ShopTime, cutoff: string): string {
  if (isBusinessDay(now.date) && now.minutes < minutesOf(cutoff)) return now.date;
  return addBusinessDays(now.date, 1);
}

/**
 * When an order placed at `now` with `method` arrives: `from` the ship day plus the fastest transit, `to` plus the
 * slowest, in business days. A pickup (transit 0) is ready the ship day: within the hour before the cut-off.
 */
export function estimatedDelivery(
  method: Pick<Method, 'cutoff' | 'transitMinDays' | 'transitMaxDays'>,
  now: ShopTime,
): { from: string; to: string } {
  const ships = shipDay(now, method.cutoff);
  return {
    from: addBusinessDays(ships, method.transitMinDays),
    to: addBusinessDays(ships, method.transitMaxDays),
  };
}

/**
 * What `method` charges for a cart of `subtotalCents` weighing `weightGrams`, in cents, or null when it cannot take
 * the cart (a weight method whose last band is lighter than the cart). Free from `freeOverCents` of subtotal.
 */
export function methodCostCents(method: Method, subtotalCents: number, weightGrams: number): number | null {
  let cost: number;
  if (method.kind === 'weight') {
    const band = method.bands.find((candidate) => candidate.upToGrams >= weightGrams);
    if (!band) return null;
    cost = band.priceCents;
  } else cost = method.priceCents ?? 0;
  if (method.freeOverCents !== null && subtotalCents >= method.freeOverCents) return 0;
  return cost;
}

/** A cart and where it goes, for a quote. */
export interface QuoteInput {
  subtotalCents: number;
  weightGrams: number;
  /** The destination's country code ('US'). */
  country: string;
  now: Date;
  /** The shop's IANA time zone. */
  timeZone: string;
}

/**
 * The methods offered for `input`'s cart, in `methods`' order: those serving its country that can take its weight,
 * each with its cost and delivery window (docs/requirements.md §16).
 */
export function quoteOptions(methods: readonly Method[], input: QuoteInput): OfferedMethod[] {
  const now = shopTime(input.now, input.timeZone);
  const offered: OfferedMethod[] = [];
  for (const method of methods) {
    if (!method.countries.includes(input.country)) continue;
    const costCents = methodCostCents(method, input.subtotalCents, input.weightGrams);
    if (costCents === null) continue;
    offered.push({
      code: method.code,
      name: method.name,
      kind: method.kind,
      costCents,
      estimatedDelivery: estimatedDelivery(method, now),
    });
  }
  return offered;
}
