/**
 * Company accounts contract (docs/requirements.md §14 "Company accounts"; docs/decisions/025-company-accounts.md):
 * a company of members with roles, invitations by mail, a ship-to address book, per-member spending limits with
 * approvals, and the company's shared orders. Money is dollars on the wire (the server stores integer cents).
 *
 * Roles: `owner` may do everything (a company always keeps at least one); `manager` manages members (not owners),
 * invitations, addresses and approvals and sees every order of the company; `buyer` orders within their spending
 * limit and sees the company's orders.
 */
import { z } from 'zod';
import { messages } from './messages.js';
import { optionalText, requiredText } from './text-fields.js';
import { companyTermsAnswerSchema } from './trade-terms.js';

/** A member's role in their company, strongest first. */
export const COMPANY_ROLES = ['owner', 'manager', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** Roles an invitation may give: a company's owner is its creator, or a member an owner promotes. */
export const INVITABLE_ROLES = ['manager', 'buyer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

/** Roles that manage the company: members, invitations, addresses, approvals, every order. */
export function managesCompany(role: CompanyRole): boolean {
  return role === 'owner' || role === 'manager';
}

/** How long an invitation's link works, in days. */
export const INVITATION_DAYS = 7;

/** Longest company name, tax id and address-book field, in characters. */
export const COMPANY_NAME_MAX_LENGTH = 120;
export const TAX_ID_MAX_LENGTH = 40;
export const COMPANY_ADDRESS_FIELD_MAX_LENGTH = 100;
/** Largest spending limit per order, in dollars (one card payment; docs/requirements.md §11). */
export const SPENDING_LIMIT_MAX = 999_999.99;

/** `POST /companies` body. */
export const createCompanySchema = z.object({
  name: requiredText('Company name', messages.companies.nameRequired, COMPANY_NAME_MAX_LENGTH),
  taxId: optionalText('Tax ID', TAX_ID_MAX_LENGTH),
});
export type CreateCompanyInput = z.input<typeof createCompanySchema>;

/**
 * A spending limit per order in dollars with at most two decimals, 0 to SPENDING_LIMIT_MAX; null means none. Owners
 * and managers have none whatever is stored.
 */
export const spendingLimitSchema = z
  .number({ message: messages.companies.spendingLimitInvalid })
  .min(0, { message: messages.companies.spendingLimitInvalid })
  .max(SPENDING_LIMIT_MAX, { message: messages.companies.spendingLimitInvalid })
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, {
    message: messages.companies.spendingLimitInvalid,
  })
  .nullable();

/** `POST /companies/mine/invitations` body. */
export const createInvitationSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.email({ message: messages.validation.emailInvalid })),
  role: z.enum(INVITABLE_ROLES, { message: messages.companies.roleInvalid }),
  spendingLimit: spendingLimitSchema.optional(),
});
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;

/** `PATCH /companies/mine/members/:userId` body: at least one of the two. */
export const updateMemberSchema = z
  .object({
    role: z.enum(COMPANY_ROLES, { message: messages.companies.roleInvalid }).optional(),
    spendingLimit: spendingLimitSchema.optional(),
  })
  .refine((body) => body.role !== undefined || body.spendingLimit !== undefined, {
    message: messages.companies.nothingToChange,
  });
export type UpdateMemberInput = z.input<typeof updateMemberSchema>;

/** An ISO 3166-1 alpha-2 country code: two capital letters (`US`, `CA`, `DE`). */
export const countryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, { message: messages.companies.countryInvalid });

const addressField = (label: string) =>
  requiredText(label, messages.companies.fieldRequired(label), COMPANY_ADDRESS_FIELD_MAX_LENGTH);

/** A ship-to location of the address book (`POST`, `PUT /companies/mine/addresses[/:id]` body). */
export const companyAddressInputSchema = z.object({
  label: addressField('Label'),
  line1: addressField('Address line 1'),
  line2: optionalText('Address line 2', COMPANY_ADDRESS_FIELD_MAX_LENGTH),
  city: addressField('City'),
  region: addressField('Region'),
  postalCode: addressField('Postal code'),
  country: countryCodeSchema,
  phone: addressField('Phone'),
});
export type CompanyAddressInput = z.input<typeof companyAddressInputSchema>;

/** A ship-to location as stored and answered; an order keeps a copy of it as `shipTo` (without `_id`). */
export const companyAddressSchema = z.object({
  _id: z.string(),
  label: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type CompanyAddress = z.infer<typeof companyAddressSchema>;

/** The copy of a ship-to location an order keeps as it was when placed. */
export const shipToSchema = companyAddressSchema.omit({ _id: true });
export type ShipTo = z.infer<typeof shipToSchema>;

/** A ship-to location as one line of text (the order's `address`, lists, mails): "Label, line1, line2, city, …". */
export function formatShipTo(shipTo: ShipTo): string {
  return [
    shipTo.label,
    shipTo.line1,
    shipTo.line2,
    `${shipTo.city}, ${shipTo.region} ${shipTo.postalCode}`,
    shipTo.country,
  ]
    .filter((part) => part)
    .join(', ');
}

/** A member of a company: spendingLimit in dollars per order, null for none. */
export const companyMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(COMPANY_ROLES),
  spendingLimit: z.number().nullable(),
});
export type CompanyMember = z.infer<typeof companyMemberSchema>;

/** `GET /companies/mine`: the caller's company, their role in it, its members and its address book. */
export const myCompanySchema = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  createdAt: z.string(),
  role: z.enum(COMPANY_ROLES),
  members: z.array(companyMemberSchema),
  addresses: z.array(companyAddressSchema),
  /** The company's trade terms (docs/requirements.md §15; DEFAULT_COMPANY_TERMS when none were set). */
  terms: companyTermsAnswerSchema,
});
export type MyCompany = z.infer<typeof myCompanySchema>;

/** `POST /companies` answer. */
export const companySchema = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** A pending invitation (`POST`, `GET /companies/mine/invitations`). */
export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  spendingLimit: z.number().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** `GET /invitations/:token`: what the invitation page shows before it is accepted. */
export const invitationPreviewSchema = z.object({
  companyName: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** One row of the admins' company list (`GET /admin/companies`): spend is dollars over paid orders. */
export const adminCompanySummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  taxId: z.string().nullable(),
  createdAt: z.string(),
  memberCount: z.number().int(),
  orderCount: z.number().int(),
  spend: z.number(),
});
export type AdminCompanySummary = z.infer<typeof adminCompanySummarySchema>;

/** `GET /admin/companies/:id`: a company with its members and address book (its orders come from the order list). */
export const adminCompanySchema = adminCompanySummarySchema.extend({
  members: z.array(companyMemberSchema),
  addresses: z.array(companyAddressSchema),
  /** Its trade terms (docs/requirements.md §15); DEFAULT_COMPANY_TERMS when an admin never set them. */
  terms: companyTermsAnswerSchema,
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

/** The company an order belongs to, as order answers carry it. */
export const orderCompanySchema = z.object({ _id: z.string(), name: z.string() }).nullable();

/** `POST /order/:id/reject` body: why, told to the buyer. */
export const rejectOrderSchema = z.object({
  reason: requiredText('Reason', messages.companies.reasonRequired, 500, { multiLine: true }),
});
export type RejectOrderInput = z.input<typeof rejectOrderSchema>;
