import { BOOT_DATA_ELEMENT_ID } from '@polymath/shared';

let data: Record<string, unknown> | null | undefined;

function read(): Record<string, unknown> | null {
  if (data !== undefined) return data;
  data = null;
  const text = typeof document === 'undefined' ? null : document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        data = parsed as Record<string, unknown>;
      }
    } catch {
      // A broken block is as good as none: the app asks the server.
    }
  }
  return data;
}

/**
 * The server's answer to GET `path` that came with the page (index.html's boot data), once: the
 * first ask of each is answered from it, and any later one (a refetch) goes to the server.
 */
export function takeBootData(path: string): unknown {
  const all = read();
  if (!all || !Object.hasOwn(all, path)) return undefined;
  const value = all[path];
  delete all[path];
  return value;
}
