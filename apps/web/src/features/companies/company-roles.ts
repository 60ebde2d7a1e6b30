import type { CompanyRole } from '@partsforge/shared/companies';
import { messages } from '@partsforge/shared/messages';

/** What each company role reads as (docs/requirements.md §14 "Company accounts"): Owner, Manager, Buyer. */
export const companyRoleLabel: Record<CompanyRole, string> = messages.companyPages.roles;
