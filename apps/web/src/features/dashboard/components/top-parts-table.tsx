import type { TopPart } from '@partsforge/shared/dashboard';
import { messages } from '@partsforge/shared/messages';
import { formatMoney } from '@partsforge/shared/money';
import { FiguresTable } from './figures-table';

/** "Top 10 parts by revenue": SKU, name, units and line revenue (dollars), best first. */
export function TopPartsTable({ parts }: { parts: TopPart[] }) {
  if (parts.length === 0) return <p>{messages.adminDashboard.noTopParts}</p>;
  const text = messages.adminDashboard;
  return (
    <FiguresTable
      columns={[
        { label: text.sku },
        { label: text.name },
        { label: text.units, numeric: true },
        { label: text.revenue, numeric: true },
      ]}
    >
      {parts.map((part) => (
        <tr key={part.partId}>
          <td className="font-mono text-sm whitespace-nowrap">{part.sku}</td>
          <th scope="row" className="font-medium">
            {part.name}
          </th>
          <td className="text-right tabular-nums">{part.units.toLocaleString('en-US')}</td>
          <td className="text-right tabular-nums">{formatMoney(part.revenue)}</td>
        </tr>
      ))}
    </FiguresTable>
  );
}
