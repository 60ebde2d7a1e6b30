/** Test helpers for company accounts (docs/requirements.md §14): a valid ship-to address of an address book. */

/** A valid `POST /api/companies/mine/addresses` body (no line2). */
export const DEPOT_ADDRESS = {
  label: 'Main depot',
  line1: '1 Depot Road',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '555-0100',
} as const;
