import { type ReactNode, useSyncExternalStore } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { LoadingPlaceholder } from '../components/ui/loading-placeholder.tsx';
import type { AppStore } from '../lib/store/store.ts';
import { ThemeProvider } from '../lib/theme/theme-provider.tsx';
import { LazyToaster } from '../lib/toast/lazy-toaster.tsx';

export function AppProvider({
  store,
  persistor,
  children,
}: {
  store: AppStore;
  persistor: Persistor;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <ThemeProvider>
        <PersistGate persistor={persistor}>{children}</PersistGate>
        <LazyToaster />
      </ThemeProvider>
    </Provider>
  );
}

/**
 * The app waits for the persisted state (theme, drafts, tool settings) before its first render, as
 * redux-persist's PersistGate does; these few lines replace that component (4 KB raw on the first
 * screen, B7) since the app needs nothing else of it.
 */
function PersistGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const rehydrated = useSyncExternalStore(persistor.subscribe, () => persistor.getState().bootstrapped);
  return rehydrated ? children : <LoadingPlaceholder fixed />;
}
