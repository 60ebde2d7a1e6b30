/**
 * Building blocks of the write schemas (docs/decisions/009-catalogue-admin-uploads-and-profiles.md; docs/security.md
 * V1): plain-text fields, and image/link URLs that are http(s) only, or the shop's own `/uploads/...` and
 * `/images/...` paths; and the search text of the admin's lists.
 *
 * Plain text, one rule for every stored free-text field (names, addresses, phone, PO number, note, titles,
 * descriptions, reasons, carrier and tracking number, fitment notes): no HTML tag, comment or doctype (`<b>`,
 * `</b`, `<!--`, `<?`: a `<` before a letter, `/`, `!` or `?`; a lone `<` as in "wear < 2 mm" is text), and no
 * control character (C0, DEL, C1; tab included). A multi-line field (addresses, notes, descriptions) may hold line
 * breaks (`\n`, `\r`). The value is trimmed first; a refusal names the field.
 */
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from './constants.js';
import { messages } from './messages.js';

/** Something that looks like an HTML tag, comment or doctype: `<a`, `</a`, `<!--`, `<?`. */
const HTML_TAG = /<[a-z!/?]/i;
/** A control character (C0 with tab and line breaks, DEL, C1). */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** A control character other than a line break (`\n`, `\r`). */
const CONTROL_CHARACTER_BUT_LINE_BREAK = /[^\P{Cc}\n\r]/u;
/** An absolute http(s) URL with a host. */
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
/** A path the shop serves itself: uploaded or bundled images. */
const OWN_IMAGE_PATH = /^\/(uploads|images)\/[A-Za-z0-9._/-]+$/;

/** Longest accepted URL, in characters. */
export const URL_MAX_LENGTH = 2048;

/** Options of a plain-text field: `multiLine` allows line breaks (`\n`, `\r`), which a one-line field refuses. */
export interface PlainTextOptions {
  multiLine?: boolean;
}

/**
 * Why `value` is not plain text for the field `label`, or null: an HTML tag (`messages.validation.plainText`), or a
 * control character (`messages.validation.controlCharacters`; line breaks allowed when `multiLine`).
 */
export function plainTextProblem(label: string, value: string, { multiLine = false }: PlainTextOptions = {}) {
  if (HTML_TAG.test(value)) return messages.validation.plainText(label);
  if ((multiLine ? CONTROL_CHARACTER_BUT_LINE_BREAK : CONTROL_CHARACTER).test(value))
    return messages.validation.controlCharacters(label, multiLine);
  return null;
}

/** `schema` (a string schema of the field `label`) refusing what is not plain text (plainTextProblem). */
export function plainText(schema: z.ZodString, label: string, options: PlainTextOptions = {}) {
  return schema.superRefine((value, context) => {
    const problem = plainTextProblem(label, value, options);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/**
 * A required trimmed plain-text field: `required` when empty, at most `max` characters, plain text
 * (plainTextProblem; `options.multiLine` allows line breaks).
 */
export function requiredText(label: string, required: string, max: number, options: PlainTextOptions = {}) {
  return plainText(
    z
      .string({ message: required })
      .trim()
      .min(1, { message: required })
      .max(max, { message: messages.validation.tooLong(label, max) }),
    label,
    options,
  );
}

/** An optional trimmed plain-text field (empty means none), at most `max` characters, plain text as requiredText. */
export function optionalText(label: string, max: number, options: PlainTextOptions = {}) {
  return plainText(
    z
      .string({ message: messages.validation.plainText(label) })
      .trim()
      .max(max, { message: messages.validation.tooLong(label, max) }),
    label,
    options,
  ).optional();
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
