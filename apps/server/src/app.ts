import { APP_NAME, ERROR_MESSAGES, type ErrorBody, type ErrorCode, errorCodeForStatus } from '@polymath/shared';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { openAPIRouteHandler } from 'hono-openapi';
import type { AppDeps, AppEnv } from './app-env.ts';
import { createChatTurns } from './app-turns.ts';
import { isDatabaseBusy } from './db/database-busy.ts';
import { accountRoutes, avatarRoutes } from './features/account/account.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { consoleRoutes } from './features/admin/console.routes.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { attachmentFileRoutes, attachmentUploadRoutes } from './features/attachments/attachments.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuth } from './features/auth/auth.ts';
import { sessionCacheOf } from './features/auth/session-cache.ts';
import { cookieValue } from './features/auth/session-cookie.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { createBillingRuntime } from './features/billing/billing-runtime.ts';
import { sandboxRoutes } from './features/billing/sandbox/sandbox.routes.ts';
import { chatRoutes } from './features/chat/chat.routes.ts';
import { createChatRuntime } from './features/chat/chat-runtime.ts';
import { configRoutes } from './features/config/config.routes.ts';
import { creditsRoutes } from './features/credits/credits.routes.ts';
import { dataExportRoutes } from './features/data-export/data-export.routes.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { createImageModelRegistry } from './features/images/image-models.ts';
import { imagesRoutes } from './features/images/images.routes.ts';
import { metricsRoutes, observeRequest } from './features/metrics/metrics.routes.ts';
import { modelsRoutes } from './features/models/models.routes.ts';
import { sharePageHeads } from './features/sharing/share-page-head.ts';
import { sharedRoutes } from './features/sharing/shared.routes.ts';
import { sharesRoutes } from './features/sharing/shares.routes.ts';
import { threadsRoutes } from './features/threads/threads.routes.ts';
import { inlineScriptHashes } from './features/web/inline-scripts.ts';
import { webRoutes } from './features/web/web.routes.ts';
import { whatsappSandboxRoutes } from './features/whatsapp/sandbox/whatsapp-sandbox.routes.ts';
import { whatsappRoutes } from './features/whatsapp/whatsapp.routes.ts';
import { createWhatsAppRuntime } from './features/whatsapp/whatsapp-runtime.ts';
import { AppError } from './lib/app-error.ts';
import { NO_JOB_QUEUE } from './lib/queue/job-queue.ts';
import { sameOriginOnly } from './lib/same-origin.ts';
import { securityHeaders } from './lib/security-headers.ts';

/** JSON bodies of the API are small; uploads get their own limits on their own routes. */
const API_BODY_LIMIT = 64 * 1024;
/** Called by other servers, not by pages: Stripe's webhook, identity providers' form_post callbacks. */
const SERVER_TO_SERVER = (path: string) =>
  path === '/api/billing/webhook' ||
  path === '/api/whatsapp/webhook' ||
  path.startsWith('/api/auth/callback/') ||
  path.startsWith('/api/auth/oauth2/callback/');
/** Where a request may change or end sessions, or a person's plan. */
const CHANGES_ACCOUNTS = (path: string) =>
  path.startsWith('/api/auth/') ||
  path === '/api/me' ||
  path.startsWith('/api/me/') ||
  path.startsWith('/api/billing/') ||
  // An operator's action on someone else's account (a ban, granted Pro, sessions ended).
  path.startsWith('/api/admin/');
/**
 * Routes that apply their own, larger body limit (uploads, chat messages); a tool's route says so
 * itself (ToolRoute.ownBodyLimit: a tool's photo upload).
 */
const OWN_LIMIT_ROUTES = [
  '/api/me/photo',
  '/api/chat/attachments',
  '/api/chat',
  '/api/documents',
  '/api/billing/webhook',
  '/api/whatsapp/webhook',
];

export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: 'x-request-id', limitLength: 64 }));
  app.use(async (c, next) => {
    const started = performance.now();
    c.set('deps', deps);
    c.set('log', deps.logger.child({ requestId: c.var.requestId }));
    await next();
    const ms = performance.now() - started;
    c.var.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms) }, 'request');
    observeRequest(c, ms / 1000);
  });
  app.use(
    securityHeaders({
      https: deps.env.PUBLIC_URL.startsWith('https:'),
      gtm: Boolean(deps.env.GTM_ID),
      pixel: Boolean(deps.env.AD_PIXEL_ID),
      fileOrigin: deps.files.urlOrigin,
      scriptHashes: inlineScriptHashes(deps.staticFiles.get('/index.html')?.body),
    }),
  );
  app.use('/api/*', sameOriginOnly(deps.env.APP_ORIGINS, SERVER_TO_SERVER));
  // The chat turns' dependencies, assembled once (app-turns.ts); index.ts hands the same to the jobs.
  const turns =
    deps.turns ??
    createChatTurns({
      ...deps,
      chat: deps.chat ?? createChatRuntime(deps.env, deps.logger, undefined, deps.limits),
      imageModels: deps.imageModels ?? createImageModelRegistry(deps.env),
      jobs: deps.jobs ?? NO_JOB_QUEUE,
    });
  const ownLimit = new Set([
    ...OWN_LIMIT_ROUTES,
    ...turns.tools.routes.filter((route) => route.ownBodyLimit).map((route) => route.path),
  ]);
  const apiBodyLimit = bodyLimit({
    maxSize: API_BODY_LIMIT,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  app.use('/api/*', (c, next) => (ownLimit.has(c.req.path) ? next() : apiBodyLimit(c, next)));
  // Signing out, ending sessions, a new password, a deleted account, a plan change: the response
  // waits until this instance has heard the change, so the next request here sees it (the session
  // cache, features/auth/session-cache.ts; other instances hear it within milliseconds).
  const sessions = sessionCacheOf(deps.database);
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && CHANGES_ACCOUNTS(c.req.path)) await sessions.caughtUp();
  });

  app.route('/', healthRoutes());
  app.route('/', metricsRoutes());
  const chat = turns.runtime;
  const { imageModels, webSearch } = turns.services;
  app.route('/api/config', configRoutes({ webSearch: webSearch !== undefined }));
  app.route('/api/analytics', analyticsRoutes());
  const auth = createAuth(deps);
  // The session cookie's name as better-auth sets it (our prefix, and __Secure- on https); null if
  // better-auth failed to start.
  const sessionCookieName = auth.$context.then(
    (ctx) => ctx.authCookies.sessionToken.name,
    () => null,
  );
  app.route('/api/auth', authRoutes(auth));
  app.route('/api/files', avatarRoutes(auth));
  app.route('/api/chat/attachments', attachmentUploadRoutes(auth));
  app.route('/api/files/attachments', attachmentFileRoutes(auth));
  app.route(
    '/api/threads',
    threadsRoutes(auth, (answerId) => chat.stop(answerId)),
  );
  app.route('/api/models', modelsRoutes(chat.models));
  app.route('/api/credits', creditsRoutes(auth));
  app.route('/api/data-export', dataExportRoutes(auth));
  app.route('/api/shares', sharesRoutes(auth));
  app.route('/api/shared', sharedRoutes());
  app.route('/api/me', accountRoutes(auth, turns.tools.deleteUserFiles));
  app.route('/api/chat', chatRoutes(auth, turns));
  app.route('/api/images', imagesRoutes(auth, imageModels, turns.tools.imageKinds));
  // Each tool's own endpoints (ToolDefinition.routes; the registry refused a path claimed twice).
  for (const route of turns.tools.routes) app.route(route.path, route.create({ auth }));
  app.route('/api/documents', documentsRoutes(auth));
  const billing =
    deps.billing ??
    createBillingRuntime({
      env: deps.env,
      database: deps.database,
      logger: deps.logger,
      sessionSecret: deps.secrets.sessionSecret,
    });
  if (billing.sandbox) app.route('/api/billing/sandbox', sandboxRoutes(auth, billing, billing.sandbox));
  app.route('/api/billing', billingRoutes(auth, billing));
  const whatsapp =
    deps.whatsapp ??
    createWhatsAppRuntime({
      env: deps.env,
      db: deps.db,
      logger: deps.logger,
      sessionSecret: deps.secrets.sessionSecret,
    });
  if (!deps.whatsapp && deps.jobs) whatsapp.useQueue(deps.jobs);
  if (whatsapp.sandbox) app.route('/api/whatsapp/sandbox', whatsappSandboxRoutes(auth, whatsapp.sandbox));
  app.route('/api/whatsapp', whatsappRoutes(auth, whatsapp, chat.models));
  app.route(
    '/api/admin',
    adminRoutes(auth, turns.tools.deleteUserFiles).route(
      '/',
      consoleRoutes({ models: chat.models, imageModels, billing }),
    ),
  );

  app.get(
    '/api/openapi.json',
    openAPIRouteHandler(app, {
      documentation: {
        info: {
          title: `${APP_NAME} API`,
          version: '1.0.0',
          description: `The HTTP API behind the ${APP_NAME} web app.`,
        },
        servers: [{ url: deps.env.PUBLIC_URL }],
      },
    }),
  );

  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND', 'No such API endpoint.');
  });
  app.route(
    '/',
    webRoutes(
      deps.staticFiles,
      async (path) => app.request(path),
      // Without the cookie's name, the page is the one for a possible session.
      async (req) => {
        const name = await sessionCookieName;
        return name !== null && cookieValue(req.headers.get('cookie'), name) === undefined;
      },
      sharePageHeads(deps.db),
      () => chat.models.version(),
    ),
  );

  app.notFound((c) => errorResponse(c.var.requestId, 'NOT_FOUND'));
  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.status >= 500) c.var.log?.error({ err }, 'request failed');
      return errorResponse(c.var.requestId, err.code, err.message, err.details);
    }
    if (err instanceof HTTPException) {
      const code = errorCodeForStatus(err.status);
      return errorResponse(c.var.requestId, code, code === 'BAD_REQUEST' ? err.message : undefined);
    }
    if (isDatabaseBusy(err)) {
      // Overload or a database restart, not a bug: the client may try again in a moment.
      (c.var.log ?? deps.logger).warn({ err }, 'database busy or unreachable');
      const res = errorResponse(c.var.requestId, 'SERVICE_UNAVAILABLE');
      res.headers.set('retry-after', '2');
      return res;
    }
    (c.var.log ?? deps.logger).error({ err }, 'unhandled error');
    return errorResponse(c.var.requestId, 'INTERNAL_ERROR');
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

function errorResponse(requestId: string | undefined, code: ErrorCode, message?: string, details?: unknown): Response {
  const body: ErrorBody & { error: { details?: unknown } } = {
    error: { code, message: message ?? ERROR_MESSAGES[code], ...(requestId ? { requestId } : {}) },
  };
  if (details !== undefined) body.error.details = details;
  // Built outside the context, so the request id header set by the middleware is added here.
  return Response.json(body, {
    status: statusOf(code) as ContentfulStatusCode,
    headers: requestId ? { 'x-request-id': requestId } : {},
  });
}

function statusOf(code: ErrorCode): number {
  return new AppError(code).status;
}
