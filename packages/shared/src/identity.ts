/**
 * Identity contract (docs/requirements.md §4-§7: login and sign-up forms, the token and role calls under /api).
 * The form schemas carry the spec's validation messages verbatim and are used by the web forms and by the
 * server's sign-in and sign-up routes alike.
 */
import { z } from 'zod';
import { NEW_PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { messages } from './messages.js';

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

/** Sign-up form and `POST /api/auth/sign-up/email` body. */
export const signUpSchema = z.object({
  name: z
    .string({ message: messages.validation.nameRequired })
    .trim()
    .min(1, { message: messages.validation.nameRequired })
    .max(NAME_MAX_LENGTH, { message: messages.validation.nameTooLong }),
  email: emailField,
  password: newPasswordField,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

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
