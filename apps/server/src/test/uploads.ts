/** Test images: a real 1x1 PNG (the e2e spec uses the same bytes). */

/** A valid 1x1 transparent PNG (67 bytes). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
