import type { LowStockPart } from '@partsforge/shared/dashboard';
import { messages } from '@partsforge/shared/messages';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { FiguresTable } from './figures-table';

interface LowStockTableProps {
  parts: LowStockPart[];
  /** How many parts are low on stock in all (the list shows the lowest few). */
  total: number;
}

/**
 * "Low stock": parts with less in stock than their minimum order quantity, lowest first; each SKU opens the part's
 * edit page (Manage Products) to restock it.
 */
export function LowStockTable({ parts, total }: LowStockTableProps) {
  const text = messages.adminDashboard;
  if (parts.length === 0) return <p>{text.noLowStock}</p>;
  return (
    <>
      <FiguresTable
        columns={[
          { label: text.sku },
          { label: text.name },
          { label: text.inStock, numeric: true },
          { label: text.minimum, numeric: true },
        ]}
      >
        {parts.map((part) => (
          <tr key={part.id}>
            <td className="font-mono text-sm whitespace-nowrap">
              <Link
                to={paths.dashboard.editProduct.href(part.id)}
                className="link link-primary"
                aria-label={text.editPart(part.sku)}
              >
                {part.sku}
              </Link>
            </td>
            <th scope="row" className="font-medium">
              {part.name}
            </th>
            <td className="text-right tabular-nums">{part.available.toLocaleString('en-US')}</td>
            <td className="text-right tabular-nums">{part.minqty.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </FiguresTable>
      {total > parts.length ? (
        <p className="mt-3 text-sm text-base-content/80">{text.lowStockShown(parts.length, total)}</p>
      ) : null}
    </>
  );
}
