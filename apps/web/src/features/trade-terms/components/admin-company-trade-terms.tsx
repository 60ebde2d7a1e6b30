import type { AdminCompany } from '@partsforge/shared/companies';
import { AdminCompanyAccount } from './admin-company-account';
import { AdminContractPrices } from './admin-contract-prices';
import { AdminTermsForm } from './admin-terms-form';

/**
 * The trade terms part of the admin's company page (docs/requirements.md §15 "Trade terms"): the terms form, the
 * contract prices, and the account (statement with Record payment).
 */
export function AdminCompanyTradeTerms({ company }: { company: AdminCompany }) {
  return (
    <>
      <AdminTermsForm
        // Fresh values once the saved terms come back with the company.
        key={JSON.stringify(company.terms)}
        companyId={company._id}
        companyName={company.name}
        terms={company.terms}
      />
      <AdminContractPrices companyId={company._id} />
      <AdminCompanyAccount companyId={company._id} />
    </>
  );
}
