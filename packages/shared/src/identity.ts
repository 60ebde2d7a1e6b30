/**
 * Identity contract (docs/requirements.md §4-§7: login and sign-up forms, the token and role calls under /api).
 * The form schemas carry the spec's validation messages verbatim and are used by the web forms and by the
 * server's sign-in and sign-up routes alike.
 */
import { z } from 'zod';
import { NEW_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { messages } from './messages.js';
import { optionalSearchText, requiredText } from './text-fields.js';

/** Roles a user can hold (docs/requirements.md §3: User role, admin or other). */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Longest accepted email, name and password (RFC 5321 path limit; Better Auth's password limit). */
export const EMAIL_MAX_LENGTH = 254;
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MAX_LENGTH = 128;

/** The spec's "simple email pattern": something@something.something, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const emailField = z
  .string({ message: messages.validation.emailRequired })
  .trim()
  .min(1, { message: messages.validation.emailRequired })
  .max(EMAIL_MAX_LENGTH, { message: messages.validation.emailTooLong })
  .regex(EMAIL_PATTERN, { message: messages.validation.emailInvalid });

const passwordField = z
  .string({ message: messages.validation.passwordRequired })
  .min(1, { message: messages.validation.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { message: messages.validation.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: messages.validation.passwordTooLong });

/** A new password (sign-up): 8 to 128 characters. */
const newPasswordField = z
  .string({ message: messages.validation.passwordRequired })
  .min(1, { message: messages.validation.passwordRequired })
  .min(NEW_PASSWORD_MIN_LENGTH, { message: messages.validation.newPasswordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: messages.validation.passwordTooLong });

/** Login form and `POST /api/auth/sign-in/email` body. */
export const loginSchema = z.object({ email: emailField, password: passwordField });
export type LoginInput = z.infer<typeof loginSchema>;

/** Sign-up form and `POST /api/auth/sign-up/email` body; the name is one line of plain text. */
export const signUpSchema = z.object({
  name: requiredText('Name', messages.validation.nameRequired, NAME_MAX_LENGTH),
  email: emailField,
  password: newPasswordField,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** Longest token accepted from a reset or verification link (Better Auth's are 24 and about 250 characters). */
export const LINK_TOKEN_MAX_LENGTH = 2048;

const linkToken = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(LINK_TOKEN_MAX_LENGTH, { message: required });

/** docs/requirements.md §13: the "Forgot password?" form and `POST /api/auth/request-password-reset` body. */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** `POST /api/auth/reset-password` body: the token of the mailed link and a new password (sign-up's rules). */
export const resetPasswordSchema = z.object({
  token: linkToken(messages.passwordReset.tokenRequired),
  newPassword: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset page's form: the new password (sign-up's rules), typed twice. */
export const resetPasswordFormSchema = z
  .object({ newPassword: newPasswordField, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwordReset.passwordsDiffer,
  });
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

/** `GET /api/auth/verify-email` query: the token of the mailed "Verify your email" link. */
export const verifyEmailQuerySchema = z.object({
  token: linkToken(messages.emailVerification.tokenRequired),
});

/** Answer of the password-reset and email-verification calls; `message` is for the user. */
export const authStatusSchema = z.object({ status: z.boolean(), message: z.string().optional() });
export type AuthStatus = z.infer<typeof authStatusSchema>;

/** The `{email}` path parameter of the user calls (`/user/{email}`, `/admin/{email}`, ...). */
export const emailParamsSchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
});

/** A user as the admin's users list shows it (`GET /user`). */
export const userSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * A row of the admin's users list (docs/requirements.md §13 "Finding things"): the summary, how many orders the
 * user placed (cancelled ones left out, as in the order lists) and their spend in dollars (the totals of their
 * paid orders: pending or shipped).
 */
export const userListItemSchema = userSummarySchema.extend({
  orderCount: z.number().int(),
  spend: z.number(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** Fields of `GET /user`'s query besides paging: `q`, a substring of the name or email (any case; blank: none). */
export const userSearchFields = {
  q: optionalSearchText(),
};

/** `PUT /user/{email}` answer: the short-lived access token kept under `accessToken` (docs/requirements.md §4). */
export const accessTokenResponseSchema = z.object({ token: z.string() });
export type AccessTokenResponse = z.infer<typeof accessTokenResponseSchema>;

/** `GET /user/{email}` answer. */
export const normalUserResponseSchema = z.object({ normalUser: z.boolean() });
export type NormalUserResponse = z.infer<typeof normalUserResponseSchema>;

/** `GET /admin/{email}` answer. */
export const adminResponseSchema = z.object({ admin: z.boolean() });
export type AdminResponse = z.infer<typeof adminResponseSchema>;

/** `GET /auth-providers` answer: which sign-in methods besides email and password are configured. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** Lower-cases and trims an email, the form every comparison and rate-limit key uses. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
