import type { Profile } from '@polymath/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createTestStore, TEST_PROFILE } from './test-store.ts';

/**
 * Renders `ui` as the app does: inside the store (signed in as `user`, or signed out with null)
 * and a router at `path`. Returns the store and router beside Testing Library's result.
 */
export function renderWithApp(
  ui: ReactNode,
  { user = TEST_PROFILE, path = '/' }: { user?: Profile | null; path?: string } = {},
) {
  const store = createTestStore(user);
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, store, router };
}
