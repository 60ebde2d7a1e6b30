/**
 * The baseline of the API benchmark: a bare node:http server that answers every request with the bytes and
 * content type given in the environment (BODY_FILE, CONTENT_TYPE) on PORT. Nothing else.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.env.BODY_FILE);
const contentType = process.env.CONTENT_TYPE ?? 'application/json; charset=utf-8';
createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('listening'));
