/** Printing: one markdown table of figures, its columns padded so that it also reads as plain text. */

const number = (value, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '-';

/** The columns of a figures row (see load.mjs `runLoad`). */
const COLUMNS = [
  ['req/s', (f) => number(f.requestsPerSecond)],
  ['p50 ms', (f) => number(f.p50, 1)],
  ['p95 ms', (f) => number(f.p95, 1)],
  ['p97.5 ms', (f) => number(f.p97_5, 1)],
  ['p99 ms', (f) => number(f.p99, 1)],
  ['RSS MB', (f) => number(f.rssMb)],
  ['errors', (f) => number(f.errors)],
];

/** A markdown table of `rows` (each `{ parts, server, kind, figures }`), as one string. */
export function figuresTable(rows) {
  const header = ['parts', 'server', 'request', ...COLUMNS.map(([name]) => name)];
  const cells = rows.map(({ parts, server, kind, figures }) => [
    number(parts),
    server,
    kind,
    ...COLUMNS.map(([, format]) => format(figures)),
  ]);
  const widths = header.map((name, column) =>
    Math.max(name.length, ...cells.map((row) => row[column].length)),
  );
  const line = (row) =>
    `| ${row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (column < 3 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}
