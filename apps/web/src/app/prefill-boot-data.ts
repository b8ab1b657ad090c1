import { LOCALES, type ModelsResponse, type PublicConfig } from '@polymath/shared';
import { modelsApi } from '../features/models/models-api.ts';
import { takeBootData } from '../lib/api/boot-data.ts';
import type { AppDispatch } from '../lib/store/store.ts';

/**
 * The config and the model catalogue the page came with, put in the store before the first render:
 * the chat's first screen then renders with them at once. Answered through the query instead, they
 * would land a moment after a first render that ran as a transition, i.e. after the browser painted,
 * and the model's card would push the examples below it down the screen (B8: layout shift). The
 * plans' endpoint is not defined yet at start (its page loads it), so /payment's plans stay with the
 * base query's answer from the same data.
 */
export function prefillBootData(dispatch: AppDispatch): void {
  const entries: Parameters<typeof modelsApi.util.upsertQueryEntries>[0] = [];
  const config = takeBootData('/api/config') as PublicConfig | undefined;
  if (config !== undefined) entries.push({ endpointName: 'getPublicConfig', arg: undefined, value: config });
  for (const locale of LOCALES) {
    const models = takeBootData(`/api/models?locale=${locale}`) as ModelsResponse | undefined;
    if (models !== undefined) entries.push({ endpointName: 'getModels', arg: locale, value: models });
  }
  if (entries.length > 0) dispatch(modelsApi.util.upsertQueryEntries(entries));
}
