/**
 * Profile contract (docs/decisions/009-catalogue-admin-uploads-and-profiles.md; docs/requirements.md §3, §5 and §7: GET /profile/{email}, PUT /profile/{email}).
 * Education, address and city are required; phone, LinkedIn and photo optional; name and email always come
 * from the account (the body's are ignored).
 */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from './identity.js';
import { phoneSchema, shippingAddressSchema } from './orders.js';
import { messages } from './messages.js';
import { optionalHttpUrl, optionalText, requiredText } from './text-fields.js';

export const PROFILE_TEXT_MAX_LENGTH = 200;

/** Update Profile form and `PUT /profile/{email}` body. */
export const profileInputSchema = z.object({
  // Shown from the account, never stored from here; bounded like the account's own fields.
  name: z.string().max(NAME_MAX_LENGTH).optional(),
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
  education: requiredText('Education', messages.validation.educationRequired, PROFILE_TEXT_MAX_LENGTH),
  // The same rules as an order's address (line breaks allowed) and phone.
  address: shippingAddressSchema,
  city: requiredText('City', messages.validation.cityRequired, PROFILE_TEXT_MAX_LENGTH),
  phone: phoneSchema,
  linkedin: optionalHttpUrl('LinkedIn'),
  img: optionalHttpUrl('Photo URL'),
  /**
   * Where the address is, for delivery methods and tax by destination (docs/requirements.md §16): a two-letter
   * country code (any case, stored in capitals), the state or province and the postal code; optional, empty is none.
   */
  country: optionalText('Country', 2).refine((country) => !country || /^[A-Za-z]{2}$/.test(country), {
    message: messages.shippingPages.validation.countryInvalid,
  }),
  region: optionalText('Region', 100),
  postalCode: optionalText('Postal code', 20),
});
export type ProfileInput = z.infer<typeof profileInputSchema>;
export type ProfileFormValues = z.input<typeof profileInputSchema>;

/** A profile as `GET /profile/{email}` lists it (docs/requirements.md §3: Profile); unset fields are null. */
export const profileSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  education: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  phone: z.string().nullable(),
  linkedin: z.string().nullable(),
  img: z.string().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `PUT /profile/{email}` answer. */
export const acknowledgedResponseSchema = z.object({ acknowledged: z.boolean() });
