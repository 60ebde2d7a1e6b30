import type { CompanyRole } from '@partsforge/shared/companies';
import { companyPageMessages } from '@partsforge/shared/company-page-messages';

/** What each company role reads as (docs/requirements.md §14 "Company accounts"): Owner, Manager, Buyer. */
export const companyRoleLabel: Record<CompanyRole, string> = companyPageMessages.roles;
