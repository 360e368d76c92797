// The baseline: a bare node:http server answering every request with one constant response: the
// same body and the same headers the real endpoint answered (BARE_BODY, and BARE_HEADERS as a
// JSON object), so the benchmark shows what the service costs on top of Node's own HTTP stack.
// Node adds Date, Connection and Keep-Alive to both alike. The body is a string, the fastest
// plain answer: node:http writes it with the headers in one write (a Buffer takes a writev of
// two: 5 to 14% slower here, by hand and in the bench), and it is what a bare server would most likely send.
import { createServer } from 'node:http';

const body = process.env.BARE_BODY ?? '<?xml version="1.0" encoding="UTF-8"?>\n<result/>\n';
const given = JSON.parse(
  process.env.BARE_HEADERS ?? '{"Content-Type":"application/xml; charset=utf-8","Cache-Control":"no-store"}',
) as Record<string, string>;
const headers = { ...given, 'Content-Length': String(Buffer.byteLength(body)) };

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stderr.write(`listening on http://127.0.0.1:${port}/\n`);
});
process.on('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
});
