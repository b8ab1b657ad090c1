import type { Experimental_DownloadFunction as DownloadFunction } from 'ai';
import { type GuardedFetch, guardedFetch } from './guarded-fetch.ts';

/** Files a model call may pull in: as large as an attachment the chat accepts, with room to spare. */
const MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;
const DOWNLOAD_TIMEOUT_MS = 30_000;

/**
 * The AI SDK's downloads, through the outbound guard. `streamText` downloads a file a message
 * points at by URL when the model cannot take the URL itself, and a file a model answers with as a
 * URL; both addresses can come from a user or a model, so they go where every such fetch goes
 * (decision 010), never through the SDK's own fetch, which checks the name but not where it resolves.
 * URLs the model's provider reads itself are left to it (null), as the SDK's default does.
 */
export function createGuardedDownload(fetch: GuardedFetch = guardedFetch): DownloadFunction {
  return (requests) =>
    Promise.all(
      requests.map(async ({ url, isUrlSupportedByModel, abortSignal }) => {
        if (isUrlSupportedByModel) return null;
        const response = await fetch(url, {
          maxBytes: MAX_DOWNLOAD_BYTES,
          timeoutMs: DOWNLOAD_TIMEOUT_MS,
          ...(abortSignal ? { signal: abortSignal } : {}),
        });
        if (!response.ok) throw new Error(`Could not download ${url.href}: the site answered ${response.status}`);
        return { data: response.body, mediaType: response.headers.get('content-type') ?? undefined };
      }),
    );
}
