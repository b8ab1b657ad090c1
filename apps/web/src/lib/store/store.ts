import { PERSIST_KEY, PERSIST_TIMEOUT_MS, PERSIST_VERSION } from '@polymath/shared';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { FLUSH, PAUSE, PERSIST, PURGE, persistReducer, persistStore, REGISTER, REHYDRATE } from 'redux-persist';
import { baseApi } from '../api/base-api.ts';
import { chatSlice } from './chat-slice.ts';
import { createCrossTabSync } from './cross-tab-sync.ts';
import { dialogsSlice } from './dialogs-slice.ts';
import { persistStorage } from './persist-storage.ts';
import { userSlice } from './user-slice.ts';

const rootReducer = combineReducers({
  chat: chatSlice.reducer,
  user: userSlice.reducer,
  dialogs: dialogsSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

/** Spec §4: only the chat slice is persisted, under `root`, version 1, timeout 5000 ms. */
const persistedReducer = persistReducer(
  {
    key: PERSIST_KEY,
    version: PERSIST_VERSION,
    timeout: PERSIST_TIMEOUT_MS,
    storage: persistStorage,
    whitelist: ['chat'],
  },
  rootReducer,
);

export function createStore() {
  const sync = createCrossTabSync();
  const store = configureStore({
    reducer: persistedReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] } })
        .concat(baseApi.middleware)
        .concat(sync.middleware),
  });
  sync.listen(store.dispatch);
  const persistor = persistStore(store);
  return { store, persistor };
}

export type AppStore = ReturnType<typeof createStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
