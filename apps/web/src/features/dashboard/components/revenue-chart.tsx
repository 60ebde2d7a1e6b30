import type { RevenueDay } from '@partsforge/shared/dashboard';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUtcDay, formatUtcDayShort } from '../utc-day';

/** The theme's primary colour (index.css `--color-primary`): SVG fill attributes cannot read CSS variables. */
const BAR_COLOUR = '#1e40af';
/** The chart's height in px: the box's h-72. */
const CHART_HEIGHT = 288;

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * "Revenue, last 30 days" (docs/requirements.md §13, "Dashboard"): a bar per UTC day (recharts, sized by its
 * box: `responsive`), hidden from assistive technology, which reads the caption (the total) and a visually
 * hidden table of every day instead. The chart draws nothing while its box has no size (tests without layout).
 */
export function RevenueChart({ days }: { days: RevenueDay[] }) {
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const first = days[0]?.date ?? '';
  const last = days.at(-1)?.date ?? '';
  return (
    <figure>
      <figcaption className="mb-3 text-base-content/80">
        {orders === 0
          ? messages.adminDashboard.noRevenue
          : messages.adminDashboard.revenueSummary(total, orders, formatUtcDay(first), formatUtcDay(last))}
      </figcaption>
      <div aria-hidden="true" className="h-72 w-full">
        <BarChart
          responsive
          accessibilityLayer={false}
          data={days}
          style={{ width: '100%', height: CHART_HEIGHT }}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={formatUtcDayShort} minTickGap={16} tickMargin={6} />
          <YAxis tickFormatter={(value: number) => dollars.format(value)} width={64} />
          <Tooltip
            labelFormatter={(label) => formatUtcDay(String(label))}
            formatter={(value) => [formatMoney(Number(value)), messages.adminDashboard.revenue]}
          />
          <Bar dataKey="revenue" fill={BAR_COLOUR} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </div>
      <table className="sr-only">
        <caption>{messages.adminDashboard.revenueTableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{messages.adminDashboard.date}</th>
            <th scope="col">{messages.adminDashboard.revenue}</th>
            <th scope="col">{messages.adminDashboard.orders}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatUtcDay(day.date)}</th>
              <td>{formatMoney(day.revenue)}</td>
              <td>{day.orders.toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
