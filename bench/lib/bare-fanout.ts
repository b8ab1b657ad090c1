/**
 * B3's baseline: the least a Node server needs to hold many token streams. node:http, one timer per
 * stream, the same tokens and cadence as the provider stand-in's default answer, written as the AI SDK
 * UI message stream our server sends (so the same client reads both). Run as a child process:
 *
 *   PORT=0 node bench/lib/bare-fanout.ts      (prints "bare fan-out listening on <url>")
 *
 * POST /stream?tokens=64&pace=150 answers `data: {"type":"text-delta",…}` events `pace` ms apart.
 */
import http from 'node:http';
import { defaultAnswerTokens } from '@polymath/provider-fakes';

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bare');
  const count = Number(url.searchParams.get('tokens') ?? 64);
  const pace = Number(url.searchParams.get('pace') ?? 150);
  const tokens = defaultAnswerTokens('openai', url.searchParams.get('model') ?? 'gpt-4o-mini', count);
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write('data: {"type":"start"}\n\ndata: {"type":"text-start","id":"0"}\n\n');
    let k = 0;
    let timer: NodeJS.Timeout | undefined;
    const tick = () => {
      const token = tokens[k++];
      if (token === undefined) {
        res.end('data: {"type":"text-end","id":"0"}\n\ndata: {"type":"finish"}\n\ndata: [DONE]\n\n');
        return;
      }
      res.write(`data: ${JSON.stringify({ type: 'text-delta', id: '0', delta: token })}\n\n`);
      timer = setTimeout(tick, pace);
    };
    timer = setTimeout(tick, pace);
    res.on('close', () => clearTimeout(timer));
  });
});
server.requestTimeout = 0;
server.keepAliveTimeout = 60_000;
server.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' }, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`bare fan-out listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
