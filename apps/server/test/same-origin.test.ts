import type { Profile } from '@polymath/shared';
import { beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import {
  AUTH_TEST_ENV,
  type CaptureMailer,
  captureMailer,
  client,
  expectError,
  ORIGIN,
  PASSWORD,
  signedInUser,
  type TestClient,
  uniqueEmail,
} from './auth-helpers.ts';
import { json } from './billing-helpers.ts';
import { newId, sendBody } from './chat-helpers.ts';
import { createTestApp, describeEachDatabase } from './databases.ts';

const displayName = async (c: TestClient) => (await json<Profile>(await c.get('/api/me'))).displayName;

describeEachDatabase('changes come only from the app itself', { exercises: [] }, (ctx) => {
  let app: App;
  let mailer: CaptureMailer;
  let c: TestClient;

  beforeAll(async () => {
    mailer = captureMailer();
    app = createTestApp(ctx.database, { env: AUTH_TEST_ENV, mailer });
    c = await signedInUser(app, mailer);
    await json(await c.patch('/api/me', { displayName: 'Before' }));
  });

  it('refuses every unsafe request that carries the cookie but no Origin: 403 WRONG_ORIGIN, nothing changed', async () => {
    const none = { origin: null };
    const photo = new FormData();
    photo.set('photo', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'me.jpg');
    const attempts = [
      c.request('PATCH', '/api/me', { ...none, json: { displayName: 'Forged' } }),
      c.request('POST', '/api/chat', { ...none, json: sendBody(newId('t'), 'hello') }),
      c.request('PATCH', '/api/threads/some-thread-id', { ...none, json: { title: 'x' } }),
      c.request('DELETE', '/api/threads/some-thread-id', none),
      c.request('POST', '/api/me/photo', { ...none, body: photo }),
      c.request('POST', '/api/billing/checkout', { ...none, json: { period: 'week' } }),
      // A foreign Referer alone says nothing about who sent it.
      c.request('PATCH', '/api/me', {
        ...none,
        json: { displayName: 'Forged' },
        headers: { referer: 'https://evil.example/page' },
      }),
      // A browser's cross-site request names its site.
      c.request('PATCH', '/api/me', {
        ...none,
        json: { displayName: 'Forged' },
        headers: { 'sec-fetch-site': 'cross-site' },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      const body = await expectError(res, 403, 'WRONG_ORIGIN');
      expect(body.error.message).toBe(
        `Changes must come from the app itself. Open Polymath at ${ORIGIN} and try again.`,
      );
    }
    expect(await displayName(c)).toBe('Before');
  });

  it('refuses another origin and names the address to use', async () => {
    const res = await c.patch('/api/me', { displayName: 'Forged' }, { origin: 'https://evil.example' });
    const body = (await expectError(res, 403, 'WRONG_ORIGIN')) as { error: { details?: unknown } };
    expect(body.error.details).toEqual({ url: ORIGIN });
    expect(await displayName(c)).toBe('Before');
  });

  it('accepts a same-origin request without Origin when the browser says so (Sec-Fetch-Site)', async () => {
    const res = await c.request('PATCH', '/api/me', {
      origin: null,
      json: { displayName: 'Same site' },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.status).toBe(200);
    expect(await displayName(c)).toBe('Same site');
  });

  it('leaves reads and server-to-server calls alone', async () => {
    expect((await c.get('/api/me', { origin: null })).status).toBe(200);
    // Stripe calls the webhook with no Origin: its signature is what is checked.
    const webhook = await c.request('POST', '/api/billing/webhook', { origin: null, json: { id: 'evt_1' } });
    await expectError(webhook, 400, 'WEBHOOK_SIGNATURE_INVALID');
  });

  it('without PUBLIC_URL trusts the loopback names of the port: sign-up from http://127.0.0.1:3000 works', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://[::1]:3000']) {
      const visitor = client(app);
      const res = await visitor.post(
        '/api/auth/sign-up/email',
        { name: 'Ada', email: uniqueEmail(), password: PASSWORD },
        { origin },
      );
      expect({ origin, status: res.status }).toEqual({ origin, status: 200 });
    }
    // Another port is another site.
    const other = await client(app).post(
      '/api/auth/sign-up/email',
      { name: 'Ada', email: uniqueEmail(), password: PASSWORD },
      { origin: 'http://127.0.0.1:4000' },
    );
    await expectError(other, 403, 'WRONG_ORIGIN');
  });

  it('with PUBLIC_URL trusts only that origin, and says so', async () => {
    const publicApp = createTestApp(ctx.database, {
      env: { ...AUTH_TEST_ENV, PUBLIC_URL: 'https://polymath.example' },
      mailer,
    });
    const res = await client(publicApp).post(
      '/api/auth/sign-up/email',
      { name: 'Ada', email: uniqueEmail(), password: PASSWORD },
      { origin: 'http://127.0.0.1:3000' },
    );
    const body = await expectError(res, 403, 'WRONG_ORIGIN');
    expect(body.error.message).toContain('Open Polymath at https://polymath.example');
    const ok = await client(publicApp).post(
      '/api/auth/sign-up/email',
      { name: 'Ada', email: uniqueEmail(), password: PASSWORD },
      { origin: 'https://polymath.example' },
    );
    expect(ok.status).toBe(200);
  });

  it('a JSON route refuses a body that is not JSON with 415, and changes nothing', async () => {
    const form = new FormData();
    form.set('displayName', 'Forged');
    const bodies: { body: RequestInit['body']; headers?: Record<string, string> }[] = [
      { body: '{"displayName":"Forged"}', headers: { 'content-type': 'text/plain' } },
      { body: 'displayName=Forged', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { body: form },
      { body: new Blob(['{"displayName":"Forged"}']) },
    ];
    for (const { body, headers } of bodies) {
      await expectError(await c.request('PATCH', '/api/me', { body, headers }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    await expectError(
      await c.request('POST', '/api/billing/checkout', {
        body: 'period=week',
        headers: { 'content-type': 'text/plain' },
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect(await displayName(c)).toBe('Same site');
    // JSON with a charset is JSON.
    const utf8 = await c.request('PATCH', '/api/me', {
      body: '{"displayName":"Charset"}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(utf8.status).toBe(200);
  });
});
