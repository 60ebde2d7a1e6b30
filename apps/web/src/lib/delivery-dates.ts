import { messages } from '@partsforge/shared/messages';

const day = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** "Tue, Dec 1" of a YYYY-MM-DD date (a calendar day: no time zone shift). */
export function formatDeliveryDay(date: string): string {
  return day.format(new Date(`${date}T00:00:00Z`));
}

/** "Arrives Tue, Dec 1 – Thu, Dec 3" (one day when from and to are the same); docs/requirements.md §16. */
export function arrivesText({ from, to }: { from: string; to: string }): string {
  return messages.shippingPages.arrives(formatDeliveryDay(from), from === to ? null : formatDeliveryDay(to));
}
