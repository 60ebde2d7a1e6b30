/**
 * Test helper: a multipart/form-data body with one file, as a browser's FormData sends it (for `app.inject`).
 */
import { randomBytes } from 'node:crypto';

/** The payload and Content-Type of a form whose field `field` holds `content` as the file `filename`. */
export function multipartFile(
  content: string | Buffer,
  { field = 'file', filename = 'parts.csv', type = 'text/csv' } = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----partsforge${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
