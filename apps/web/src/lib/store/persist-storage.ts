import type { Storage } from 'redux-persist';

/**
 * localStorage for redux-persist. Written here rather than imported from redux-persist/lib/storage
 * because that CommonJS default export does not survive ESM interop in the production bundle, and
 * because a blocked or full storage must not break the app (state then lives for the visit only).
 */
export const persistStorage: Storage = {
  async getItem(key: string) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  async setItem(key: string, value: string) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Quota exceeded or storage blocked.
    }
  },
  async removeItem(key: string) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage blocked.
    }
  },
};
