/**
 * Building blocks of the write schemas (docs/decisions/009-catalogue-admin-uploads-and-profiles.md): plain-text fields (no HTML tags; React shows them escaped)
 * and image/link URLs that are http(s) only, or the shop's own `/uploads/...` and `/images/...` paths; and the search
 * text of the admin's lists.
 */
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from './constants.js';
import { messages } from './messages.js';

/** Something that looks like an HTML tag, comment or doctype: `<a`, `</a`, `<!--`, `<?`. */
const HTML_TAG = /<[a-z!/?]/i;
/** An absolute http(s) URL with a host. */
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
/** A path the shop serves itself: uploaded or bundled images. */
const OWN_IMAGE_PATH = /^\/(uploads|images)\/[A-Za-z0-9._/-]+$/;

/** Longest accepted URL, in characters. */
export const URL_MAX_LENGTH = 2048;

/** A required trimmed plain-text field: `required` when empty, at most `max` characters, no HTML tags. */
export function requiredText(label: string, required: string, max: number) {
  return z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(max, { message: messages.validation.tooLong(label, max) })
    .refine((value) => !HTML_TAG.test(value), { message: messages.validation.plainText(label) });
}

/** An optional trimmed plain-text field (empty means none). */
export function optionalText(label: string, max: number) {
  return z
    .string({ message: messages.validation.plainText(label) })
    .trim()
    .max(max, { message: messages.validation.tooLong(label, max) })
    .refine((value) => !HTML_TAG.test(value), { message: messages.validation.plainText(label) })
    .optional();
}

/** A list's search text `q`: trimmed, at most MAX_SEARCH_LENGTH characters; blank means none (undefined). */
export function optionalSearchText() {
  return z
    .string()
    .trim()
    .max(MAX_SEARCH_LENGTH, { message: `q must be at most ${MAX_SEARCH_LENGTH} characters` })
    .transform((q) => q || undefined)
    .optional();
}

/** True for an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value);
}

/** True for a URL a product image may have: http(s), or the shop's own /uploads/ or /images/ path. */
export function isProductImageUrl(value: string): boolean {
  return (isHttpUrl(value) || OWN_IMAGE_PATH.test(value)) && !value.includes('..');
}

/** A required image URL (`Image is Required` when empty); `allowOwnPaths` also accepts /uploads/ and /images/. */
export function requiredImageUrl(allowOwnPaths: boolean) {
  return z
    .string({ message: messages.validation.imageRequired })
    .trim()
    .min(1, { message: messages.validation.imageRequired })
    .max(URL_MAX_LENGTH, { message: messages.validation.tooLong('Image', URL_MAX_LENGTH) })
    .refine((value) => (allowOwnPaths ? isProductImageUrl(value) : isHttpUrl(value)), {
      message: messages.validation.imageUrl,
    });
}

/** An optional http(s) URL (empty means none). */
export function optionalHttpUrl(label: string) {
  return z
    .string({ message: messages.validation.httpUrl(label) })
    .trim()
    .max(URL_MAX_LENGTH, { message: messages.validation.tooLong(label, URL_MAX_LENGTH) })
    .refine((value) => value === '' || isHttpUrl(value), { message: messages.validation.httpUrl(label) })
    .optional();
}
