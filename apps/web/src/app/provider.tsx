import { TOAST_DURATION_MS, TOAST_VISIBLE_MAX } from '@polymath/shared';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { Toaster } from 'sonner';
import { LoadingPlaceholder } from '../components/ui/loading-placeholder.tsx';
import type { AppStore } from '../lib/store/store.ts';
import { ThemeProvider, useTheme } from '../lib/theme/theme-provider.tsx';

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
        <ThemedToaster />
      </ThemeProvider>
    </Provider>
  );
}

/** Spec §9: toasts last 4000 ms, at most 3 at once, and follow the theme (§4). */
function ThemedToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      theme={theme}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE_MAX}
      position="top-center"
      richColors
      closeButton
    />
  );
}
