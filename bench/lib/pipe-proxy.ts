/**
 * B1's second baseline: the least a Node proxy can do. node:http in front of the provider stand-in,
 * forwarding each request (method, path, headers, body piped) and piping the SSE answer back, with a
 * keep-alive pool to the upstream like our server's fetch has. Run as a child process:
 *
 *   TARGET=http://127.0.0.1:4010 PORT=0 node bench/lib/pipe-proxy.ts     (prints "pipe proxy listening on <url>")
 */
import http from 'node:http';

const target = new URL(process.env.TARGET ?? 'http://127.0.0.1:4010');
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te']);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name)) out[name] = value;
  return out;
}

const server = http.createServer((req, res) => {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      path: req.url,
      method: req.method,
      headers: { ...endToEnd(req.headers), host: target.host },
      agent,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.setNoDelay(true);
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  });
  res.on('close', () => upstream.destroy());
  req.pipe(upstream);
});
server.keepAliveTimeout = 60_000;
server.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' }, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`pipe proxy listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
