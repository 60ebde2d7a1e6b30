import type { ReactNode } from 'react';

interface FiguresTableProps {
  /** Column headings; the numeric ones (`numeric`) are right-aligned. */
  columns: readonly { label: string; numeric?: boolean }[];
  /** The rows (`<tr>`). */
  children: ReactNode;
}

/** A dashboard table: bordered, scrolling sideways inside its own box on narrow screens. */
export function FiguresTable({ columns, children }: FiguresTableProps) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table">
        <thead className="text-base-content">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'text-right' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
