// The baseline: a bare node:http server answering every request with one constant XML body
// (the same bytes the real endpoint returns, passed in BARE_BODY), so the benchmark shows what
// the service costs on top of Node's own HTTP stack.
import { createServer } from 'node:http';

const body = Buffer.from(process.env.BARE_BODY ?? '<?xml version="1.0" encoding="UTF-8"?>\n<result/>\n', 'utf8');
const headers = {
  'Content-Type': 'application/xml; charset=utf-8',
  'Content-Length': String(body.length),
  'Cache-Control': 'no-store',
};

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
