/**
 * The companies module's public face (docs/design.md "Layout"; docs/requirements.md §14): company accounts, their
 * members, invitations and address book, and what other modules read of them (membership.ts).
 */
export { findApprovers, findCompanyAddress, findMembership, type Membership } from './membership.js';
