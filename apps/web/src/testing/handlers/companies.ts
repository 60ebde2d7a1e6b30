import type { CompanyAddress, CompanyMember, MyCompany } from '@partsforge/shared/companies';
import { http, HttpResponse } from 'msw';
import { customerFixture } from './identity';
import { apiError } from './respond';

export const COMPANY_ID = '5a0c2f4e-1b2d-4c3e-8f9a-0000000000c1';
export const ADDRESS_ID = '5a0c2f4e-1b2d-4c3e-8f9a-0000000000a1';
export const OTHER_ADDRESS_ID = '5a0c2f4e-1b2d-4c3e-8f9a-0000000000a2';

/** The customer fixture as a company member with `role`. */
export const meAsMember = (role: CompanyMember['role']): CompanyMember => ({
  userId: customerFixture.id,
  name: customerFixture.name,
  email: customerFixture.email,
  role,
  spendingLimit: role === 'buyer' ? 500 : null,
});

/** A buyer of the company other than the customer fixture. */
export const buyerFixture: CompanyMember = {
  userId: 'u-buyer',
  name: 'Bo Buyer',
  email: 'bo@example.com',
  role: 'buyer',
  spendingLimit: 250,
};

export const depotAddress: CompanyAddress = {
  _id: ADDRESS_ID,
  label: 'Main depot',
  line1: '1 Depot Road',
  line2: null,
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
  phone: '555-0100',
};

export const branchAddress: CompanyAddress = {
  _id: OTHER_ADDRESS_ID,
  label: 'North branch',
  line1: '9 Mill Lane',
  line2: 'Unit 4',
  city: 'Shelbyville',
  region: 'IL',
  postalCode: '62565',
  country: 'US',
  phone: '555-0199',
};

/** Acme Garage with the customer fixture as `role`, Bo Buyer, and the two addresses, with `overrides`. */
export function myCompanyFixture(
  role: CompanyMember['role'] = 'owner',
  overrides: Partial<MyCompany> = {},
): MyCompany {
  return {
    _id: COMPANY_ID,
    name: 'Acme Garage',
    taxId: 'US-12-3456789',
    createdAt: '2026-11-01T09:00:00.000Z',
    role,
    members: [meAsMember(role), buyerFixture],
    addresses: [depotAddress, branchAddress],
    terms: {
      priceLevel: 'jobber',
      paymentTerms: 'net30',
      creditLimit: 25_000,
      taxExempt: false,
      resaleCertificate: null,
    },
    ...overrides,
  };
}

/** `GET /api/companies/mine` answered with `company`, or 404 when null (the customer belongs to none). */
export const myCompanyHandler = (company: MyCompany | null) =>
  http.get('/api/companies/mine', () =>
    company ? HttpResponse.json(company) : apiError(404, 'You do not belong to a company.'),
  );

/** What every test starts with: the signed-in customer belongs to no company. */
export const companiesHandlers = [myCompanyHandler(null)];
