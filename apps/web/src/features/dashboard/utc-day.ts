/** The dashboard's days are UTC days, 'YYYY-MM-DD' (docs/requirements.md §13): shown in UTC, never shifted. */
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function parse(day: string): Date | null {
  const value = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(value.getTime()) ? null : value;
}

/** "Nov 21, 2026" of a UTC day; the day as given when it is not one. */
export function formatUtcDay(day: string): string {
  const value = parse(day);
  return value ? longDay.format(value) : day;
}

/** "Nov 21" of a UTC day (the chart's axis); the day as given when it is not one. */
export function formatUtcDayShort(day: string): string {
  const value = parse(day);
  return value ? shortDay.format(value) : day;
}
