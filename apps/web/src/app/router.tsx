import { toolEntry } from '@polymath/shared';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error.tsx';
import { LoadingPlaceholder } from '../components/ui/loading-placeholder.tsx';
import { type RegisteredTool, TOOL_REGISTRY } from '../features/tools/tool-registry.ts';
import { withMoreTexts } from '../lib/i18n/more-texts.ts';
import { Component as ChatLayout } from './layouts/chat-layout.tsx';
import { RequireGuest, RequireUser } from './routes/guards.tsx';
import { Component as Root } from './routes/root.tsx';
import { Component as WebMain } from './routes/web-main.tsx';

/**
 * A registered tool's routes: /<id>/:threadId?, or for a tool whose pages carry a sub-path (the
 * horoscope's type) /<id> and /<id>/:pathId/:threadId?; its page is its `load` (none: no route here).
 */
function toolRoutes({ id, key, load }: RegisteredTool): RouteObject[] {
  const paths = load ? (toolEntry(id).subPath ? [id, `${id}/:pathId/:threadId?`] : [`${id}/:threadId?`]) : [];
  return paths.map((path) => ({ path, handle: { title: `tools:${key}.title` }, lazy: load && withMoreTexts(load) }));
}

/**
 * Every route of the spec (§2); each screen is its own lazily loaded chunk, except the first screen's:
 * the root, the chat layout and /web-main are part of the boot chunk, so the first screen is one file
 * and a few shared ones rather than a chain of route chunks fetched one after another (B7, B8). The
 * lazy ones resolve with the tools' texts loaded (withMoreTexts), which the first screen does without.
 */
export const routes: RouteObject[] = [
  {
    Component: Root,
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingPlaceholder fixed />,
    children: [
      { index: true, element: <Navigate to="/web-main" replace /> },
      {
        Component: ChatLayout,
        children: [
          {
            path: 'web-main/:threadId?',
            handle: { title: 'tools:chat.title' },
            Component: WebMain,
          },
          // Every registered tool's pages (features/tools/tool-registry.ts), each its own chunk.
          ...TOOL_REGISTRY.flatMap(toolRoutes),
          // Chats held inside WhatsApp, as the history opens them (read-only: they continue there).
          {
            path: 'whatsapp/:threadId?',
            handle: { title: 'whatsapp:page.title' },
            lazy: withMoreTexts(() => import('./routes/whatsapp.tsx')),
          },
        ],
      },
      {
        path: 'gallery',
        handle: { title: 'tools:gallery.title' },
        lazy: withMoreTexts(() => import('./routes/gallery.tsx')),
      },
      {
        element: <RequireUser />,
        children: [
          {
            path: 'settings',
            lazy: withMoreTexts(() => import('./layouts/settings-layout.tsx')),
            children: [
              { index: true, element: <Navigate to="/settings/account" replace /> },
              {
                path: 'account',
                handle: { title: 'settings.account' },
                lazy: withMoreTexts(() => import('./routes/settings/account.tsx')),
              },
              {
                path: 'login-connections',
                handle: { title: 'settings.loginConnections' },
                lazy: withMoreTexts(() => import('./routes/settings/login-connections.tsx')),
              },
              {
                path: 'my-plan',
                handle: { title: 'settings.myPlan' },
                lazy: withMoreTexts(() => import('./routes/settings/my-plan.tsx')),
              },
            ],
          },
          // The sandbox's stand-ins for Stripe's hosted pages; they act on the signed-in user's checkout.
          {
            path: 'payment/sandbox/checkout/:sessionId',
            handle: { title: 'billing.sandbox.checkoutTitle' },
            lazy: withMoreTexts(() => import('./routes/payment-sandbox-checkout.tsx')),
          },
          {
            path: 'payment/sandbox/portal',
            handle: { title: 'billing.sandbox.portalTitle' },
            lazy: withMoreTexts(() => import('./routes/payment-sandbox-portal.tsx')),
          },
          // The WhatsApp sandbox's phone (test mode): plays the signed-in person's numbers.
          {
            path: 'whatsapp/sandbox',
            handle: { title: 'whatsapp:phonePage.title' },
            lazy: withMoreTexts(() => import('./routes/whatsapp-sandbox.tsx')),
          },
        ],
      },
      // Plans are public: a visitor compares them and signs in when they continue to checkout.
      {
        path: 'payment',
        handle: { title: 'payment.title' },
        lazy: withMoreTexts(() => import('./routes/payment.tsx')),
      },
      {
        element: <RequireGuest />,
        children: [
          {
            path: 'sign-in',
            handle: { title: 'auth.signIn' },
            lazy: withMoreTexts(() => import('./routes/sign-in.tsx')),
          },
          {
            path: 'sign-up',
            handle: { title: 'auth.signUp' },
            lazy: withMoreTexts(() => import('./routes/sign-up.tsx')),
          },
          {
            path: 'forgot-password',
            handle: { title: 'auth.forgotPasswordTitle' },
            lazy: withMoreTexts(() => import('./routes/forgot-password.tsx')),
          },
        ],
      },
      {
        path: 'terms-and-conditions',
        handle: { title: 'legal.terms' },
        lazy: withMoreTexts(() => import('./routes/policies/terms.tsx')),
      },
      {
        path: 'refund-policy',
        handle: { title: 'legal.refund' },
        lazy: withMoreTexts(() => import('./routes/policies/refund.tsx')),
      },
      {
        path: 'privacy-policy',
        handle: { title: 'legal.privacy' },
        lazy: withMoreTexts(() => import('./routes/policies/privacy.tsx')),
      },
      // Also a shared chat's page (/share/<id>): routes/not-found.tsx tells them apart (decision 032).
      { path: '*', handle: { title: 'notFound.title' }, lazy: withMoreTexts(() => import('./routes/not-found.tsx')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
