// The baseline: a bare node:http server answering every request with one constant response: the
// same body and the same headers the real endpoint answered (BARE_BODY, and BARE_HEADERS as a
// JSON object), so the benchmark shows what the service costs on top of Node's own HTTP stack.
// Node adds Date, Connection and Keep-Alive to both alike.
import { createServer } from 'node:http';

const body = Buffer.from(process.env.BARE_BODY ?? '<?xml version="1.0" encoding="UTF-8"?>\n<result/>\n', 'utf8');
const given = JSON.parse(process.env.BARE_HEADERS ?? '{"Content-Type":"application/xml; charset=utf-8","Cache-Control":"no-store"}') as Record<string, string>;
const headers = { ...given, 'Content-Length': String(body.length) };

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  process.stderr.write(`listening on http://127.0.0.1:${port}/\n`);
});
process.on('SIGTERM', () => { server.close(); server.closeAllConnections(); });
