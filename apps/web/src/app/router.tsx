import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteError } from '../components/errors/route-error.tsx';
import { LoadingPlaceholder } from '../components/ui/loading-placeholder.tsx';
import { RequireGuest, RequireUser } from './routes/guards.tsx';

/** Every route of the spec (§2); each screen is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    lazy: () => import('./routes/root.tsx'),
    errorElement: <RouteError />,
    hydrateFallbackElement: <LoadingPlaceholder fixed />,
    children: [
      { index: true, element: <Navigate to="/web-main" replace /> },
      {
        lazy: () => import('./layouts/chat-layout.tsx'),
        children: [
          { path: 'web-main/:threadId?', lazy: () => import('./routes/web-main.tsx') },
          { path: 'image-generator', lazy: () => import('./routes/image-generator.tsx') },
          { path: 'photo-translate', lazy: () => import('./routes/photo-translate.tsx') },
          { path: 'horoscope', lazy: () => import('./routes/horoscope.tsx') },
          { path: 'horoscope/:pathId/:threadId?', lazy: () => import('./routes/horoscope.tsx') },
          { path: 'tattoo-generator', lazy: () => import('./routes/tattoo-generator.tsx') },
          { path: 'logo-maker', lazy: () => import('./routes/logo-maker.tsx') },
        ],
      },
      { path: 'gallery', lazy: () => import('./routes/gallery.tsx') },
      {
        element: <RequireUser />,
        children: [
          {
            path: 'settings',
            lazy: () => import('./layouts/settings-layout.tsx'),
            children: [
              { index: true, element: <Navigate to="/settings/account" replace /> },
              { path: 'account', lazy: () => import('./routes/settings/account.tsx') },
              { path: 'login-connections', lazy: () => import('./routes/settings/login-connections.tsx') },
              { path: 'my-plan', lazy: () => import('./routes/settings/my-plan.tsx') },
            ],
          },
          { path: 'payment', lazy: () => import('./routes/payment.tsx') },
        ],
      },
      {
        element: <RequireGuest />,
        children: [
          { path: 'sign-in', lazy: () => import('./routes/sign-in.tsx') },
          { path: 'sign-up', lazy: () => import('./routes/sign-up.tsx') },
          { path: 'forgot-password', lazy: () => import('./routes/forgot-password.tsx') },
        ],
      },
      { path: 'terms-and-conditions', lazy: () => import('./routes/policies/terms.tsx') },
      { path: 'refund-policy', lazy: () => import('./routes/policies/refund.tsx') },
      { path: 'privacy-policy', lazy: () => import('./routes/policies/privacy.tsx') },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
