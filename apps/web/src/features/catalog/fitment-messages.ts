/**
 * The texts of the part page, its fitment table and fit badge, and the admin's Fitment form
 * (docs/requirements.md §12), quoted from the requirements where they fix them ("Fits your 2019 Toyota Camry",
 * "Universal fit", "Does not fit your ..."). Kept with the catalogue feature until the shared catalogue
 * (packages/shared messages) takes them.
 */
export const fitmentMessages = {
  /** Part page. */
  sku: (sku: string) => `SKU: ${sku}`,
  inStock: (available: number) => `In stock: ${available.toLocaleString('en-US')}`,
  outOfStock: 'Out of stock',
  replaces: (numbers: readonly string[]) => `Replaces: ${numbers.join(', ')}`,
  /** Product form. */
  interchangeLabel: 'Interchange numbers',
  interchangeHint:
    'OE and other brands’ part numbers this part replaces, one per line or separated by commas.',
  /** Fitment table. */
  tableHeading: 'Vehicle fitment',
  makeFilter: 'Make',
  allMakes: 'All makes',
  modelFilter: 'Model',
  allModels: 'All models',
  columns: ['Make', 'Model', 'Years', 'Engine', 'Submodel', 'Position', 'Qty', 'Note'] as const,
  years: (from: number, to: number) => (from === to ? String(from) : `${from}–${to}`),
  allEngines: 'All engines',
  allSubmodels: 'All',
  universalEmpty: 'This part fits every vehicle',
  noFitment: 'No fitment listed',
  noMatch: 'No vehicles of this make and model are listed for this part.',
  showAllVehicles: 'Show every vehicle',
  rowCount: (total: number, from: number, to: number) =>
    `${total.toLocaleString('en-US')} ${total === 1 ? 'application' : 'applications'}, showing ${from}–${to}`,
  loading: 'Loading fitment…',
  loadFailed: 'The fitment could not be loaded.',
  /** Fit badge. */
  universalFit: 'Universal fit',
  fits: (vehicle: string) => `Fits your ${vehicle}`,
  doesNotFit: (vehicle: string) => `Does not fit your ${vehicle}`,
  checkingFit: (vehicle: string) => `Checking fit for your ${vehicle}…`,
  fitUnknown: (vehicle: string) => `Could not check the fit for your ${vehicle}`,
  /** Admin's Fitment form (Edit Product). */
  formHeading: 'Fitment',
  universalLabel: 'Universal fit (fits every vehicle)',
  universalHint: 'A universal part has no application rows: saving it removes them.',
  rowsLegend: 'Application rows',
  rowsHint:
    'Make and model are the vehicle list’s slugs (e.g. toyota, camry): pick them from the suggestions, which follow the From year. A row without an engine fits every engine.',
  row: (n: number) => `Row ${n}`,
  make: 'Make',
  model: 'Model',
  yearFrom: 'From year',
  yearTo: 'To year',
  engine: 'Engine (optional)',
  submodel: 'Submodel (optional)',
  position: 'Position',
  noPosition: 'None',
  quantity: 'Qty',
  note: 'Note (optional)',
  addRow: 'Add row',
  removeRow: (n: number) => `Remove row ${n}`,
  noRows: 'No application rows yet. Add a row for each make and model this part fits.',
  save: 'Save fitment',
  saved: 'Fitment saved',
  saveFailed: 'The fitment could not be saved.',
} as const;
