/**
 * LIKE patterns of user text (docs/requirements.md §13 "Finding things": the admin's searches of orders and
 * users match substrings, any case, with ILIKE).
 */

/** `text` as a LIKE pattern matching it anywhere, its wildcards (`%`, `_`) and the escape (`\`) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
