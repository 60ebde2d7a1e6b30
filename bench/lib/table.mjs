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

/** The label columns of a row of the catalogue bench: catalogue size, server, request kind. */
export const CATALOGUE_LABELS = [
  ['parts', (row) => number(row.parts)],
  ['server', (row) => row.server],
  ['request', (row) => row.kind],
];

/**
 * A markdown table of `rows` (each `{ figures, ... }`), as one string: the `labels` columns (name, cell of a
 * row), left-aligned, then the figures.
 */
export function figuresTable(rows, labels = CATALOGUE_LABELS) {
  const header = [...labels, ...COLUMNS].map(([name]) => name);
  const cells = rows.map((row) => [
    ...labels.map(([, cell]) => cell(row)),
    ...COLUMNS.map(([, format]) => format(row.figures)),
  ]);
  const widths = header.map((name, column) =>
    Math.max(name.length, ...cells.map((row) => row[column].length)),
  );
  const left = (column) => column < labels.length;
  const line = (row) =>
    `| ${row.map((cell, column) => (left(column) ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(' | ')} |`;
  const rule = `| ${widths.map((width, column) => (left(column) ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}
