/**
 * The identity provider of the browser tests: one oauth2-mock-server standing in for both Google and
 * Apple (the server only learns their issuer URLs; everything else is the production code path:
 * discovery, authorize, token exchange with PKCE, ID token signature, nonce and audience checks).
 *
 * The mock approves every authorize request at once. Which identity it answers with is up to the
 * tests: they POST the claims for their browser context to the control endpoint, keyed by the
 * context's X-Forwarded-For address (fixtures.ts gives each context its own, and the browser sends it
 * to the mock as well). An authorize request is matched to those claims by that header; its code
 * carries them on to the token and userinfo answers.
 *
 *   POST {controlUrl}/identity  { "client": "10.1.0.7", "claims": { "sub": "…", "email": "…", … } }
 *
 * The mock listens on 127.0.0.1 and names itself http://localhost:<port> (oauth2-mock-server does
 * that for loopback hosts): another site than the app at 127.0.0.1, as Google and Apple are.
 *
 * Plain TypeScript only (start-server.ts runs on Node's type stripping).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Events, OAuth2Server } from 'oauth2-mock-server';

export type IdentityClaims = Record<string, unknown>;

/** What a userinfo answer may carry (the rest of a token's payload is not an identity). */
const USERINFO_KEYS = ['sub', 'email', 'email_verified', 'name', 'given_name', 'family_name', 'picture'];

export type IdentityProvider = { issuer: string; controlUrl: string; stop: () => Promise<void> };

/** The first address of an X-Forwarded-For header. */
function clientOf(req: IncomingMessage): string {
  const header = req.headers['x-forwarded-for'];
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? '').split(',')[0]?.trim() ?? '';
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function jwtPayload(token: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startIdentityProvider(log: (message: string) => void): Promise<IdentityProvider> {
  /** The identity each client (X-Forwarded-For address) gets next. */
  const byClient = new Map<string, IdentityClaims>();
  /** The identity an issued authorization code stands for. */
  const byCode = new Map<string, IdentityClaims>();

  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  const issuer = idp.issuer.url ?? '';

  idp.service.on(Events.BeforeAuthorizeRedirect, (redirect, req) => {
    const code = redirect.url.searchParams.get('code');
    const client = clientOf(req);
    const claims = byClient.get(client);
    if (!claims) {
      log(`identity provider: no identity set for client "${client}"; answering access_denied`);
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      return;
    }
    if (code) byCode.set(code, claims);
  });
  idp.service.on(Events.BeforeTokenSigning, (token, req) => {
    const code = (req.body as { code?: unknown } | undefined)?.code;
    const claims = typeof code === 'string' ? byCode.get(code) : undefined;
    // Both the access token and the ID token carry the identity; userinfo reads it from the former.
    if (claims) Object.assign(token.payload, claims);
  });
  idp.service.on(Events.BeforeResponse, (_response, req) => {
    const code = (req.body as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') byCode.delete(code);
  });
  idp.service.on(Events.BeforeUserinfo, (userinfo, req) => {
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const payload = jwtPayload(bearer);
    userinfo.body = Object.fromEntries(USERINFO_KEYS.filter((k) => k in payload).map((k) => [k, payload[k]]));
  });

  const control: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/identity') {
      res.writeHead(404).end();
      return;
    }
    readBody(req)
      .then((text) => {
        const body = JSON.parse(text) as { client?: unknown; claims?: unknown };
        if (typeof body.client !== 'string' || !body.claims || typeof body.claims !== 'object') {
          res.writeHead(400, { 'content-type': 'text/plain' }).end('expected { client, claims }');
          return;
        }
        byClient.set(body.client, body.claims as IdentityClaims);
        res.writeHead(204).end();
      })
      .catch((err: unknown) => {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
      });
  });
  await new Promise<void>((resolve, reject) => {
    control.once('error', reject);
    control.listen(0, '127.0.0.1', () => resolve());
  });
  const controlUrl = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  return {
    issuer,
    controlUrl,
    stop: async () => {
      control.closeAllConnections();
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await idp.stop();
    },
  };
}
