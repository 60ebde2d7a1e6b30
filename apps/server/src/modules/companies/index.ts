/**
 * The companies module's public face (docs/design.md "Layout"; docs/requirements.md §14): company accounts, their
 * members, invitations and address book (the plugin `app.companies` and the routes), and what other modules read of
 * them (membership.ts).
 */
export { companiesPlugin } from './companies-plugin.js';
export { companyAdminRoutes } from './company-admin-routes.js';
export { companyRoutes } from './company-routes.js';
export type { CompanyService } from './company-service.js';
export {
  findApprovers,
  findCompanyAddress,
  findCompanyNames,
  findCompanyOwners,
  findMembership,
  holdsOrder,
  membershipJsonSql,
  type Membership,
} from './membership.js';
