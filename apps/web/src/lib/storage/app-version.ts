import { APP_VERSION, STORAGE_KEYS } from '@polymath/shared';

/**
 * Spec §4: when the stored app_version differs from the current one, everything in local storage
 * is cleared (old persisted state may not fit the new code) and the current version is written.
 * Returns true when storage was cleared.
 */
export function enforceAppVersion(storage: Storage): boolean {
  try {
    if (storage.getItem(STORAGE_KEYS.appVersion) === String(APP_VERSION)) return false;
    storage.clear();
    storage.setItem(STORAGE_KEYS.appVersion, String(APP_VERSION));
    return true;
  } catch {
    return false; // storage blocked: nothing to migrate
  }
}
