/** Dates and times as the shop shows them (en-US, the buyer's time zone), formatters built once. */
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 21, 2026" of an ISO timestamp; "—" when it is not one. */
export function formatDate(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '—' : date.format(value);
}

/** "Nov 21, 2026, 10:00 AM" of an ISO timestamp; "—" when it is not one. */
export function formatDateTime(iso: string): string {
  const value = new Date(iso);
  return Number.isNaN(value.getTime()) ? '—' : dateTime.format(value);
}
