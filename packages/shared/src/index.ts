export * from './constants.js';
export * from './messages.js';
export * from './catalog.js';
export * from './errors.js';
