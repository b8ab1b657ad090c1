/** The outbound-fetch guard against real sockets: every refusal, redirects, limits, headers. */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { buildConnector } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createOutboundGuard,
  type GuardedFetch,
  guardedFetch,
  type OutboundGuard,
  operatorHost,
  vetConnectedPeer,
} from './guarded-fetch.ts';
import { createGuardedLookup, type Resolve } from './guarded-lookup.ts';
import { OutboundFailed, OutboundRefused } from './outbound-errors.ts';

type Seen = { path: string; method: string; headers: IncomingHttpHeaders; body: string };

/** A small site on 127.0.0.1 whose routes say what each test needs; it records every request. */
async function startSite(route: (path: string, res: ServerResponse, site: Site) => void) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen.push({ path: req.url ?? '/', method: req.method ?? 'GET', headers: req.headers, body });
      route(req.url ?? '/', res, site);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const site = {
    port,
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return site;
}
type Site = Awaited<ReturnType<typeof startSite>>;

function redirect(res: ServerResponse, location: string, status = 302, headers: Record<string, string> = {}) {
  res.writeHead(status, { location, ...headers }).end();
}

const siteRoutes = (path: string, res: ServerResponse, site: Site): void => {
  const hop = /^\/hop\/(\d+)$/.exec(path);
  if (hop) {
    const n = Number(hop[1]);
    if (n === 0) res.writeHead(200, { 'content-type': 'text/plain' }).end('arrived');
    else redirect(res, `/hop/${n - 1}`);
    return;
  }
  switch (path) {
    case '/page':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>hello</p>');
      return;
    case '/latin1':
      res
        .writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' })
        .end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
      return;
    case '/pdf':
      res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.7');
      return;
    case '/to-localhost':
      redirect(res, `http://localhost:${site.port}/page`);
      return;
    case '/to-metadata':
      redirect(res, 'http://169.254.169.254/latest/meta-data/');
      return;
    case '/to-file':
      redirect(res, 'file:///etc/passwd');
      return;
    case '/to-other-port':
      redirect(res, `http://127.0.0.1:${other.port}/echo`, 307);
      return;
    case '/same-origin':
      redirect(res, '/echo', 307, { 'set-cookie': 'session=stolen; Path=/' });
      return;
    case '/see-other':
      redirect(res, '/echo', 303);
      return;
    case '/echo':
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      return;
    case '/big-declared':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(3 * 1024 * 1024) });
      res.end(Buffer.alloc(3 * 1024 * 1024, 97));
      return;
    case '/big-chunked':
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024, 97));
      res.end();
      return;
    case '/gzip-bomb':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(20 * 1024 * 1024, 0)));
      return;
    case '/gzip-small':
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.from('small and squeezed')));
      return;
    case '/hang':
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.flushHeaders();
      return;
    case '/no-answer':
      return;
    default:
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  }
};

let site: Site;
let other: Site;
/** Operator-configured: both sites allowed, as a provider's base URL would be. */
let operator: OutboundGuard;
/** Nothing allowed, names resolved by the test's table: the guard user- and model-supplied URLs get. */
let strict: OutboundGuard;
const resolved: Record<string, string[]> = {
  'intranet.example': ['10.20.30.40'],
  'rebind.example': ['93.184.215.14', '127.0.0.1'],
  'metadata.example': ['169.254.169.254'],
  'mapped.example': ['::ffff:127.0.0.1'],
  localhost: ['127.0.0.1'],
};
const resolveFromTable: Resolve = async (hostname) => {
  const addresses = resolved[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

beforeAll(async () => {
  site = await startSite(siteRoutes);
  other = await startSite(siteRoutes);
  operator = createOutboundGuard({ allowHosts: [operatorHost(site.origin), operatorHost(other.origin)] });
  strict = createOutboundGuard({ resolve: resolveFromTable });
});
afterAll(async () => {
  await Promise.all([site.close(), other.close(), operator.close(), strict.close()]);
});
beforeEach(() => {
  site.seen.length = 0;
  other.seen.length = 0;
});

async function refusal(fetch: GuardedFetch, url: string, options?: Parameters<GuardedFetch>[1]) {
  const error = await fetch(url, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefused);
  return error as OutboundRefused;
}

describe('addresses', () => {
  it.each([
    ['127.0.0.1', 'private-address'],
    ['[::1]', 'private-address'],
    ['[::ffff:127.0.0.1]', 'private-address'],
    ['0x7f000001', 'private-address'],
    ['2130706433', 'private-address'],
    ['0177.0.0.1', 'private-address'],
    ['127.1', 'private-address'],
    ['0.0.0.0', 'private-address'],
    ['[::]', 'private-address'],
    ['10.0.0.1', 'private-address'],
    ['192.168.0.1', 'private-address'],
    ['100.64.0.1', 'private-address'],
    ['224.0.0.1', 'private-address'],
    ['[fd00::1]', 'private-address'],
    ['[fe80::1]', 'private-address'],
    ['169.254.169.254', 'metadata-address'],
  ])('refuses http://%s and sends nothing', async (host, reason) => {
    const error = await refusal(strict.fetch, `http://${host}:${site.port}/page`);
    expect(error.reason).toBe(reason);
    expect(site.seen).toHaveLength(0);
  });

  it('refuses a name that resolves to a private address', async () => {
    const error = await refusal(strict.fetch, `http://intranet.example:${site.port}/page`);
    expect(error.reason).toBe('private-address');
    expect(error.message).toContain('10.20.30.40');
  });

  it('refuses a name with any private address among public ones (the rebinding shape)', async () => {
    const error = await refusal(strict.fetch, `http://rebind.example:${site.port}/page`);
    expect(error.reason).toBe('private-address');
    expect(site.seen).toHaveLength(0);
  });

  it('refuses names resolving to the metadata endpoint or an IPv4-mapped loopback', async () => {
    expect((await refusal(strict.fetch, 'http://metadata.example/latest')).reason).toBe('metadata-address');
    expect((await refusal(strict.fetch, `http://mapped.example:${site.port}/page`)).reason).toBe('private-address');
    expect(site.seen).toHaveLength(0);
  });

  it('resolves localhost like any name and refuses it', async () => {
    const error = await refusal(strict.fetch, `http://localhost:${site.port}/page`);
    expect(error.reason).toBe('private-address');
    expect(site.seen).toHaveLength(0);
  });

  it('reports a name that does not resolve as a DNS failure', async () => {
    const error = await strict.fetch('http://nowhere.example/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundFailed);
    expect((error as OutboundFailed).reason).toBe('dns');
  });

  it('the default guard has no allow-list: the operator hosts of another guard stay refused', async () => {
    const error = await refusal(guardedFetch, `${site.origin}/page`);
    expect(error.reason).toBe('private-address');
    expect(site.seen).toHaveLength(0);
  });

  it('the DNS hook hands public addresses to the socket unchanged', async () => {
    resolved['public.example'] = ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'];
    const lookup = createGuardedLookup(resolveFromTable);
    const all = await new Promise((resolve, reject) =>
      lookup('public.example', { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
    );
    expect(all).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
    ]);
    const one = await new Promise((resolve, reject) =>
      lookup('public.example', { family: 6 }, (err, address, family) =>
        err ? reject(err) : resolve({ address, family }),
      ),
    );
    expect(one).toEqual({ address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 });
  });

  it('closes a connection whose peer is private even when nothing was looked up', async () => {
    const connect = vetConnectedPeer(buildConnector({}));
    const error = await new Promise((resolve) =>
      connect({ hostname: '127.0.0.1', protocol: 'http:', port: String(site.port) }, (err, socket) => {
        socket?.destroy();
        resolve(err);
      }),
    );
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as OutboundRefused).message).toContain('connected to 127.0.0.1');
    expect(site.seen).toHaveLength(0);
  });
});

describe('URLs and credentials', () => {
  it.each([
    ['file:///etc/passwd', 'scheme'],
    ['ftp://example.com/file', 'scheme'],
    ['gopher://127.0.0.1:6379/_INFO', 'scheme'],
    ['data:text/html,<p>hi</p>', 'scheme'],
    ['not a url', 'bad-url'],
    ['https://user:secret@example.com/', 'credentials'],
  ])('refuses %s (%s)', async (url, reason) => {
    expect((await refusal(strict.fetch, url)).reason).toBe(reason);
  });

  it('refuses Cookie and Authorization headers to hosts the operator did not configure', async () => {
    for (const header of ['Cookie', 'Authorization', 'Proxy-Authorization']) {
      const error = await refusal(strict.fetch, 'https://example.com/', { headers: { [header]: 'x' } });
      expect(error.reason).toBe('credentials');
    }
  });
});

describe('redirects', () => {
  it('refuses a redirect to localhost after the first hop was fetched', async () => {
    const error = await refusal(operator.fetch, `${site.origin}/to-localhost`);
    expect(error.reason).toBe('private-address');
    expect(site.seen.map((s) => s.path)).toEqual(['/to-localhost']);
  });

  it('refuses a redirect to the metadata address and to a file: URL', async () => {
    expect((await refusal(operator.fetch, `${site.origin}/to-metadata`)).reason).toBe('metadata-address');
    expect((await refusal(operator.fetch, `${site.origin}/to-file`)).reason).toBe('scheme');
  });

  it('follows 5 redirects and refuses the 6th', async () => {
    const five = await operator.fetch(`${site.origin}/hop/5`);
    expect(five.text()).toBe('arrived');
    expect(five.redirects).toBe(5);
    expect(five.url).toBe(`${site.origin}/hop/0`);
    site.seen.length = 0;
    expect((await refusal(operator.fetch, `${site.origin}/hop/6`)).reason).toBe('too-many-redirects');
    expect(site.seen).toHaveLength(6);
  });

  it('never follows more than 5, whatever the caller asks', async () => {
    expect((await refusal(operator.fetch, `${site.origin}/hop/6`, { maxRedirects: 50 })).reason).toBe(
      'too-many-redirects',
    );
    expect((await refusal(operator.fetch, `${site.origin}/hop/1`, { maxRedirects: 0 })).reason).toBe(
      'too-many-redirects',
    );
  });

  it("keeps the caller's headers on its origin and drops them on another; never sends a cookie back", async () => {
    const headers = { 'X-Subscription-Token': 'secret-token', Accept: 'application/json' };
    await operator.fetch(`${site.origin}/same-origin`, { method: 'POST', body: '{"q":1}', headers });
    const [, echoed] = site.seen;
    expect(echoed?.headers['x-subscription-token']).toBe('secret-token');
    expect(echoed?.headers.cookie).toBeUndefined();
    expect(echoed?.method).toBe('POST');

    await operator.fetch(`${site.origin}/to-other-port`, { method: 'POST', body: '{"q":1}', headers });
    const [moved] = other.seen;
    expect(moved?.path).toBe('/echo');
    expect(moved?.headers['x-subscription-token']).toBeUndefined();
    expect(moved?.headers.accept).toBe('application/json');
  });

  it('turns a POST into a GET without a body on 303', async () => {
    await operator.fetch(`${site.origin}/see-other`, { method: 'POST', body: 'payload' });
    expect(site.seen[1]).toMatchObject({ path: '/echo', method: 'GET', body: '' });
  });
});

describe('limits', () => {
  it('refuses a body declared larger than the cap without reading it', async () => {
    const error = await refusal(operator.fetch, `${site.origin}/big-declared`, { maxBytes: 1024 * 1024 });
    expect(error.reason).toBe('too-large');
  });

  it('stops reading a chunked body once it passes the cap', async () => {
    expect((await refusal(operator.fetch, `${site.origin}/big-chunked`, { maxBytes: 256 * 1024 })).reason).toBe(
      'too-large',
    );
  });

  it('counts the decompressed size, so a gzip bomb is refused', async () => {
    expect((await refusal(operator.fetch, `${site.origin}/gzip-bomb`, { maxBytes: 1024 * 1024 })).reason).toBe(
      'too-large',
    );
    const small = await operator.fetch(`${site.origin}/gzip-small`);
    expect(small.text()).toBe('small and squeezed');
  });

  it('times out a server that never answers, and one that never finishes its body', async () => {
    for (const path of ['/no-answer', '/hang']) {
      const started = Date.now();
      const error = await operator.fetch(`${site.origin}${path}`, { timeoutMs: 300 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutboundFailed);
      expect((error as OutboundFailed).reason).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(3000);
    }
  });

  it("passes the caller's own abort through as it is", async () => {
    const controller = new AbortController();
    const pending = operator.fetch(`${site.origin}/no-answer`, { signal: controller.signal });
    const reason = new Error('the user stopped');
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });

  it('refuses a media type the caller does not accept, and reads one it does', async () => {
    const error = await refusal(operator.fetch, `${site.origin}/pdf`, { accept: ['text/html'] });
    expect(error.reason).toBe('content-type');
    const page = await operator.fetch(`${site.origin}/page`, { accept: ['text/html'] });
    expect(page).toMatchObject({ status: 200, ok: true, redirects: 0 });
    expect(page.text()).toBe('<p>hello</p>');
  });

  it('decodes text with the charset the server names', async () => {
    expect((await operator.fetch(`${site.origin}/latin1`)).text()).toBe('café');
  });
});
