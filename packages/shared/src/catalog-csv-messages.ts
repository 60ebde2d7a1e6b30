/**
 * The catalogue in bulk (docs/requirements.md §13 "Catalogue in bulk"): Manage Products' Export CSV and Import CSV,
 * and the problems `POST /api/admin/parts/import` reports (each with its row and column); the contract prices import
 * shares the report. Not part of the `messages` object, so that pages without imports (the home page's bundle) do
 * not carry them: import it where it is used.
 */
export const catalogCsvMessages = {
  exportCsv: 'Export CSV',
  exporting: 'Exporting…',
  exportFailed: 'The products could not be exported.',
  importCsv: 'Import CSV',
  dialogTitle: 'Import products from a CSV file',
  fileLabel: 'CSV file',
  fileHint:
    'The columns of Export CSV, one row per part. Rows are matched by SKU: a known SKU updates its part, a new one adds a part.',
  preview: 'Preview',
  previewing: 'Checking the file…',
  apply: 'Apply import',
  applying: 'Importing…',
  close: 'Close',
  previewHeading: 'Preview (nothing changed yet)',
  resultHeading: 'Import done',
  toCreate: 'To create',
  toUpdate: 'To update',
  created: 'Created',
  updated: 'Updated',
  unchanged: 'Unchanged',
  toRemove: 'To remove',
  removed: 'Removed',
  noErrors: 'No errors: the file can be imported.',
  errorsCaption:
    'Errors: fix them in the file and preview it again. Nothing is imported while a row has an error.',
  row: 'Row',
  column: 'Column',
  problem: 'Problem',
  previewFailed: 'The file could not be checked.',
  importFailed: 'The file could not be imported.',
  imported: (created: number, updated: number) =>
    `Import done: ${created.toLocaleString('en-US')} created, ${updated.toLocaleString('en-US')} updated`,
  // The import's problems (server).
  invalid: (count: number) =>
    `The file has ${count.toLocaleString('en-US')} ${count === 1 ? 'error' : 'errors'}: nothing was imported.`,
  noFile: 'Send the CSV file as multipart/form-data, in the field "file".',
  emptyFile: 'The file is empty: its first row must name the columns.',
  notUtf8: 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.',
  missingColumn: (column: string) => `The column "${column}" is missing.`,
  unknownColumn: (column: string) => `"${column}" is not a column of the parts CSV.`,
  duplicateColumn: (column: string) => `The column "${column}" appears twice.`,
  unreadableRow: (detail: string) => `This row cannot be read: ${detail}.`,
  cellCount: (found: number, expected: number) => `This row has ${found} cells; the header has ${expected}.`,
  unstorableText: 'This cell holds a NUL character, which the shop cannot store.',
  skuRequired: 'SKU is Required',
  duplicateSku: (row: number) => `The same SKU (in any case) is on row ${row}.`,
  ambiguousSku: (skus: readonly string[]) =>
    `The shop has several parts whose SKUs differ only in case (${skus.join(', ')}): write the SKU exactly as one of them.`,
  notAPrice: (label: string) => `${label} must be an amount in dollars, such as 4.50`,
  unknownCategory: (value: string) =>
    `There is no category "${value}": use a category's slug, such as brakes.`,
  unknownMake: (value: string) => `There is no make "${value}": use a make's slug, such as toyota.`,
  priceBreakFormat:
    'Write price breaks as quantity:unit price, separated by semicolons, such as 10:4.50;50:4.00.',
  universalFormat: 'universal must be true or false.',
  universalWithRows: 'A universal part fits every vehicle: it has no fitment rows.',
  tooManyFitmentRows: (max: number) => `At most ${max} fitment rows`,
  fitmentFormat: (n: number) =>
    `Fitment row ${n} must read make/model/years (such as toyota/camry/2018-2020), then optionally /engine/submodel/position/quantity/note.`,
  fitmentRow: (n: number, problem: string) => `Fitment row ${n}: ${problem}`,
  moreErrors: (count: number) => `…and ${count.toLocaleString('en-US')} more errors, not listed.`,
};
