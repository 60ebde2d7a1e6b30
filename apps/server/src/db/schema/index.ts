/** The whole database schema, one file per domain (docs/design.md "Data"); drizzle-kit generates migrations from it. */
export * from './catalog.js';
export * from './identity.js';
export * from './profiles.js';
export * from './orders.js';
export * from './reviews.js';
export * from './vehicles.js';
export * from './fitment.js';
export * from './back-office.js';
export * from './companies.js';
export * from './trade-terms.js';
export * from './shipping.js';
export * from './returns.js';
export * from './credit-memos.js';
