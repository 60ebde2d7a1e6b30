/**
 * The profiles module's public face (docs/design.md "Layout"): its routes, and saveContactDetails() for other
 * modules that save to a customer's profile (the checkout's "save to profile"), since only this module writes
 * `profiles` (docs/design.md "Modules and tables").
 */
export { saveContactDetails, type ContactDetails } from './profile-repository.js';
export { profileRoutes } from './profile-routes.js';
