import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
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
        <PersistGate loading={<LoadingPlaceholder fixed />} persistor={persistor}>
          {children}
        </PersistGate>
        <LazyToaster />
      </ThemeProvider>
    </Provider>
  );
}
