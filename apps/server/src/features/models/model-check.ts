import type { ModelStatus } from '@polymath/shared/admin/console.schema';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { modelChecks } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { defineJob, jobRef } from '../../lib/queue/job.ts';
import type { BuiltInProvider, Catalogue } from './model-catalog.ts';
import type { HidesModels, ModelRegistry } from './model-registry.ts';

/**
 * Whether each catalogue model's provider still serves its id (decision 039). Every provider has a
 * model list: OpenAI `GET /v1/models`, Anthropic `GET /v1/models` (paged by after_id), Google
 * `GET /v1beta/models` (paged by pageToken, names `models/<id>`), DeepSeek `GET /models`, xAI
 * `GET /v1/models`, and OpenAI-compatible servers (Ollama, vLLM, llama.cpp) `GET <baseURL>/models`.
 * Lists leave out aliases (Anthropic's `…-latest`, xAI's undated names), so an id missing from the
 * list is asked for on its own (`GET …/models/<id>`, which resolves aliases): only a 404 there
 * means "no longer served". Anything else (no key, an outage) leaves it unknown, never hidden.
 */

type Endpoint = { base: string; headers: Record<string, string> };
export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

const DEFAULT_BASE: Record<BuiltInProvider, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
  deepseek: 'https://api.deepseek.com',
  xai: 'https://api.x.ai/v1',
};
const TIMEOUT_MS = 15_000;
const MAX_PAGES = 20;

/** Where a provider's model list is and how to ask for it; undefined without its key. */
export function modelListEndpoint(
  provider: string,
  env: Env,
  catalogue: Catalogue,
  source: NodeJS.ProcessEnv = process.env,
): Endpoint | undefined {
  const trim = (url: string) => url.replace(/\/+$/, '');
  const bearer = (key: string | undefined) => (key ? { authorization: `Bearer ${key}` } : undefined);
  switch (provider) {
    case 'openai':
      return env.OPENAI_API_KEY
        ? {
            base: trim(env.OPENAI_BASE_URL ?? DEFAULT_BASE.openai),
            headers: { authorization: `Bearer ${env.OPENAI_API_KEY}` },
          }
        : undefined;
    case 'anthropic':
      return env.ANTHROPIC_API_KEY
        ? {
            base: trim(env.ANTHROPIC_BASE_URL ?? DEFAULT_BASE.anthropic),
            headers: { 'x-api-key': env.ANTHROPIC_API_KEY, 'anthropic-version': '2023-06-01' },
          }
        : undefined;
    case 'google':
      return env.GOOGLE_GENERATIVE_AI_API_KEY
        ? {
            base: trim(env.GOOGLE_GENERATIVE_AI_BASE_URL ?? DEFAULT_BASE.google),
            headers: { 'x-goog-api-key': env.GOOGLE_GENERATIVE_AI_API_KEY },
          }
        : undefined;
    case 'deepseek': {
      const headers = bearer(env.DEEPSEEK_API_KEY);
      return headers ? { base: trim(env.DEEPSEEK_BASE_URL ?? DEFAULT_BASE.deepseek), headers } : undefined;
    }
    case 'xai': {
      const headers = bearer(env.XAI_API_KEY);
      return headers ? { base: trim(env.XAI_BASE_URL ?? DEFAULT_BASE.xai), headers } : undefined;
    }
    default: {
      const custom = catalogue.customProviders[provider];
      if (!custom) return undefined;
      const key = custom.apiKeyEnv ? source[custom.apiKeyEnv]?.trim() || undefined : undefined;
      if (custom.apiKeyEnv && !key) return undefined;
      return { base: trim(custom.baseURL), headers: bearer(key) ?? {} };
    }
  }
}

async function getJson(fetchFn: FetchLike, url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await fetchFn(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) {
    await res.body?.cancel();
    throw new Error(`GET ${new URL(url).pathname} answered ${res.status}`);
  }
  return res.json();
}

const openAiList = z.object({ data: z.array(z.object({ id: z.string() })) });
const anthropicList = openAiList.extend({ has_more: z.boolean().optional(), last_id: z.string().nullish() });
const googleList = z.object({
  models: z.array(z.object({ name: z.string() })).default([]),
  nextPageToken: z.string().optional(),
});

/** The ids a provider lists, read page by page in its own format. */
export async function listProviderModels(
  provider: string,
  endpoint: Endpoint,
  fetchFn: FetchLike,
): Promise<Set<string>> {
  const ids = new Set<string>();
  if (provider === 'anthropic') {
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = `?limit=1000${after ? `&after_id=${encodeURIComponent(after)}` : ''}`;
      const body = anthropicList.parse(await getJson(fetchFn, `${endpoint.base}/models${query}`, endpoint.headers));
      for (const m of body.data) ids.add(m.id);
      if (!body.has_more || !body.last_id) break;
      after = body.last_id;
    }
  } else if (provider === 'google') {
    let token: string | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = `?pageSize=1000${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
      const body = googleList.parse(await getJson(fetchFn, `${endpoint.base}/models${query}`, endpoint.headers));
      for (const m of body.models) ids.add(m.name.replace(/^models\//, ''));
      if (!body.nextPageToken) break;
      token = body.nextPageToken;
    }
  } else {
    const body = openAiList.parse(await getJson(fetchFn, `${endpoint.base}/models`, endpoint.headers));
    for (const m of body.data) ids.add(m.id);
  }
  return ids;
}

/** One id the list left out, asked for on its own: true (an alias it resolves), false (404), or it throws. */
async function retrieveServes(endpoint: Endpoint, id: string, fetchFn: FetchLike): Promise<boolean> {
  const res = await fetchFn(`${endpoint.base}/models/${encodeURIComponent(id)}`, {
    headers: endpoint.headers,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body?.cancel();
  if (res.ok) return true;
  if (res.status === 404) return false;
  throw new Error(`GET models/${id} answered ${res.status}`);
}

export type ModelCheck = {
  modelId: string;
  provider: string;
  providerModelId: string;
  keySet: boolean;
  served: boolean | null;
  error: string | null;
  checkedAt: Date;
};

/**
 * Checks every catalogue model, chat and image (they share one id space), against its provider's
 * list (one list request per provider).
 */
export async function checkCatalogueModels(
  env: Env,
  catalogue: Catalogue,
  fetchFn: FetchLike = fetch,
  now: Date = new Date(),
): Promise<ModelCheck[]> {
  const lists = new Map<string, Promise<{ endpoint: Endpoint; ids: Set<string> } | { error: string } | null>>();
  const listOf = (provider: string) => {
    let found = lists.get(provider);
    if (!found) {
      const endpoint = modelListEndpoint(provider, env, catalogue);
      found = endpoint
        ? listProviderModels(provider, endpoint, fetchFn).then(
            (ids) => ({ endpoint, ids }),
            (err: unknown) => ({ error: describe(err) }),
          )
        : Promise.resolve(null);
      lists.set(provider, found);
    }
    return found;
  };
  return Promise.all(
    [...catalogue.models, ...catalogue.imageModels].map(async (model): Promise<ModelCheck> => {
      const base = {
        modelId: model.id,
        provider: model.provider,
        providerModelId: model.providerModelId,
        checkedAt: now,
      };
      const list = await listOf(model.provider);
      if (list === null) return { ...base, keySet: false, served: null, error: null };
      if ('error' in list) return { ...base, keySet: true, served: null, error: list.error };
      if (list.ids.has(model.providerModelId)) return { ...base, keySet: true, served: true, error: null };
      try {
        return {
          ...base,
          keySet: true,
          served: await retrieveServes(list.endpoint, model.providerModelId, fetchFn),
          error: null,
        };
      } catch (err) {
        return { ...base, keySet: true, served: null, error: describe(err) };
      }
    }),
  );
}

/** An error without anything secret: its message only (the URLs carry no key; keys go in headers). */
function describe(err: unknown): string {
  const text =
    err instanceof z.ZodError ? 'the model list is not in the expected format' : String((err as Error)?.message ?? err);
  return text.slice(0, 300);
}

/** Stores the checks (one row per catalogue model; models gone from the catalogue are forgotten). */
export async function storeModelChecks(db: Db, checks: ModelCheck[]): Promise<void> {
  await db.transaction(async (tx) => {
    const ids = checks.map((c) => c.modelId);
    await tx.execute(
      ids.length
        ? sql`delete from model_checks where model_id not in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`delete from model_checks`,
    );
    for (const check of checks) {
      const values = { ...check };
      await tx.insert(modelChecks).values(values).onConflictDoUpdate({ target: modelChecks.modelId, set: values });
    }
  });
}

export async function readModelChecks(db: Db): Promise<ModelCheck[]> {
  return db.select().from(modelChecks).orderBy(modelChecks.modelId);
}

/** The registries the check hides models in: the chat models (with the catalogue) and the image models. */
export type CheckedModels = { models: ModelRegistry; imageModels: HidesModels };

/** Hides what the stored checks say is no longer served; a newly hidden model is logged as a warning. */
export async function applyModelChecks(db: Db, registries: CheckedModels, logger: Logger): Promise<void> {
  const checks = await readModelChecks(db);
  const { catalogue } = registries.models;
  const apply = (registry: HidesModels, entries: { id: string; providerModelId: string }[]) => {
    const unserved = checks.filter(
      (c) => c.served === false && entries.some((m) => m.id === c.modelId && m.providerModelId === c.providerModelId),
    );
    const before = registry.hidden();
    if (!registry.hide(unserved.map((c) => c.modelId))) return;
    for (const c of unserved) {
      if (before.has(c.modelId)) continue;
      logger.warn(
        { modelId: c.modelId, provider: c.provider, providerModelId: c.providerModelId },
        `model ${c.modelId}: ${c.provider} no longer serves "${c.providerModelId}"; it is hidden from the pickers (map it to a current model with providerModelId in models.json)`,
      );
    }
    for (const id of before) {
      if (!unserved.some((c) => c.modelId === id)) logger.info({ modelId: id }, `model ${id} is served again`);
    }
  };
  apply(registries.models, catalogue.models);
  apply(registries.imageModels, catalogue.imageModels);
}

export type ModelCheckDeps = CheckedModels & { db: Db; env: Env; logger: Logger };

/** The check, as the job and start-up run it: ask the providers, store, apply here. */
export async function runModelCheck(deps: ModelCheckDeps, fetchFn: FetchLike = fetch): Promise<ModelCheck[]> {
  const checks = await checkCatalogueModels(deps.env, deps.models.catalogue, fetchFn);
  await storeModelChecks(deps.db, checks);
  for (const c of checks) {
    if (c.error)
      deps.logger.warn(
        { modelId: c.modelId, provider: c.provider, error: c.error },
        'model check: the provider list could not be read',
      );
  }
  await applyModelChecks(deps.db, deps, deps.logger);
  return checks;
}

export const modelCheck = jobRef('model-check', z.object({}));

/** Every hour (and once at start-up, index.ts), by one instance at a time; the others read the result. */
export function modelCheckJob(deps: ModelCheckDeps) {
  return defineJob({
    ...modelCheck,
    schedule: '7 * * * *',
    retries: 2,
    retryDelaySeconds: 60,
    timeoutSeconds: 120,
    concurrency: 1,
    async handler() {
      await runModelCheck(deps);
    },
  });
}

/** How often each instance reads the stored checks (another instance may have made them). */
export const MODEL_CHECK_READ_MS = 60_000;

/** Reads the stored checks now and every minute; returns the stop function. */
export function watchModelChecks(
  db: Db,
  registries: CheckedModels,
  logger: Logger,
  everyMs = MODEL_CHECK_READ_MS,
): () => void {
  const read = () =>
    applyModelChecks(db, registries, logger).catch((err: unknown) =>
      logger.warn({ err }, 'could not read the model checks'),
    );
  void read();
  const timer = setInterval(read, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Error rate and median time to first token of each model's answers over the last 24 hours. */
export type ModelHealth = { modelId: string; answers: number; failed: number; medianFirstTokenMs: number | null };

export async function modelHealth(db: Db, now: Date = new Date()): Promise<ModelHealth[]> {
  const since = new Date(now.getTime() - 86_400_000);
  const rows = await queryRows<{ model_id: string; answers: string; failed: string; median: string | null }>(
    db,
    sql`select model_id, count(*) as answers, count(*) filter (where status = 'failed') as failed,
          percentile_cont(0.5) within group (order by first_token_ms) as median
        from answer_usage
        where kind = 'answer' and day >= ${since.toISOString().slice(0, 10)}::date
          and created_at >= ${since.toISOString()}::timestamptz and created_at <= ${now.toISOString()}::timestamptz
        group by model_id`,
  );
  return rows.map((r) => ({
    modelId: r.model_id,
    answers: Number(r.answers),
    failed: Number(r.failed),
    medianFirstTokenMs: r.median === null ? null : Math.round(Number(r.median)),
  }));
}

/**
 * Every catalogue model as the console's Models page shows it: key, check, hidden, and for chat
 * models the last 24 hours of answers (image models have none: their rows are zero).
 */
export async function modelStatuses(db: Db, registries: CheckedModels, now: Date = new Date()): Promise<ModelStatus[]> {
  const [checks, health] = await Promise.all([readModelChecks(db), modelHealth(db, now)]);
  const status = (
    kind: ModelStatus['kind'],
    registry: HidesModels,
    m: { id: string; displayName: string; provider: string; providerModelId: string; tier: string },
  ): ModelStatus => {
    const check = checks.find((c) => c.modelId === m.id && c.providerModelId === m.providerModelId);
    const h = kind === 'chat' ? health.find((x) => x.modelId === m.id) : undefined;
    return {
      id: m.id,
      kind,
      displayName: m.displayName,
      provider: m.provider,
      providerModelId: m.providerModelId,
      tier: m.tier,
      keySet: registry.isConfigured(m.provider),
      served: check?.served ?? null,
      hidden: registry.hidden().has(m.id),
      checkedAt: check?.checkedAt.toISOString() ?? null,
      error: check?.error ?? null,
      answers: h?.answers ?? 0,
      failed: h?.failed ?? 0,
      medianFirstTokenMs: h?.medianFirstTokenMs ?? null,
    };
  };
  const { catalogue } = registries.models;
  return [
    ...catalogue.models.map((m) => status('chat', registries.models, m)),
    ...catalogue.imageModels.map((m) => status('image', registries.imageModels, m)),
  ];
}
