import type { Provider } from './script.ts';

/**
 * The models each stand-in serves, listed on the provider's own model-list path in its own wire
 * format (and retrieved one by one, aliases resolved as the provider does):
 *
 *   GET /openai/v1/models[/{id}]       { object: 'list', data: [{ id, object: 'model', created, owned_by }] }
 *   GET /anthropic/v1/models[/{id}]    { data: [{ type: 'model', id, display_name, created_at }], has_more, first_id, last_id }
 *                                      (dated ids only; `…-latest` aliases answer on retrieve, as Anthropic's do)
 *   GET /google/v1beta/models[/{id}]   { models: [{ name: 'models/<id>', displayName, supportedGenerationMethods, … }] }
 *   GET /deepseek/models, /deepseek/v1/models[/{id}]   OpenAI's shape, owned_by deepseek
 *   GET /xai/v1/models[/{id}]          OpenAI's shape, owned_by xai (aliases answer on retrieve)
 *
 * A test removes a model (`POST /__control/models { provider, remove: [id] }` or `removeModel`): it
 * leaves the list, its retrieve answers 404 and a chat request naming it gets the provider's 404,
 * as when a provider retires a model. `reset` serves the defaults again.
 */
export const DEFAULT_MODEL_LISTS: Record<Provider, readonly string[]> = {
  openai: [
    'gpt-4o-mini',
    'gpt-4o',
    'o3-mini',
    'gpt-4.1',
    'gpt-4.1-mini',
    'gpt-image-1',
    'dall-e-3',
    'text-embedding-3-small',
  ],
  anthropic: ['claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20241022', 'claude-sonnet-4-5-20250929'],
  google: ['gemini-1.5-pro', 'gemini-2.0-flash', 'gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-image'],
  deepseek: ['deepseek-chat', 'deepseek-reasoner'],
  xai: ['grok-2-vision-1212', 'grok-3', 'grok-imagine-image'],
};

/** Names a provider answers for another id on retrieve and in chat (never in its list). */
export const DEFAULT_MODEL_ALIASES: Record<Provider, Readonly<Record<string, string>>> = {
  openai: {},
  anthropic: {
    'claude-3-5-haiku-latest': 'claude-3-5-haiku-20241022',
    'claude-3-5-sonnet-latest': 'claude-3-5-sonnet-20241022',
  },
  google: {},
  deepseek: {},
  xai: { 'grok-2-vision': 'grok-2-vision-1212', 'grok-2-vision-latest': 'grok-2-vision-1212' },
};

/** A fixed creation time (2024-05-13), so answers do not change between runs. */
const CREATED = 1_715_558_400;

export type ModelLists = {
  /** The ids a provider serves now (listed ones and aliases that resolve to one). */
  serves(provider: Provider, id: string): boolean;
  /** The listed id an id resolves to (itself, or an alias's target), if served. */
  resolve(provider: Provider, id: string): string | undefined;
  listed(provider: Provider): string[];
  /** True for an id a test removed (a chat naming it is refused); unknown ids are not retired. */
  retired(provider: Provider, id: string): boolean;
  remove(provider: Provider, ids: readonly string[]): void;
  add(provider: Provider, ids: readonly string[]): void;
  reset(): void;
};

export function createModelLists(): ModelLists {
  let lists = new Map<Provider, string[]>();
  const removed = new Set<string>();
  const fill = () => {
    removed.clear();
    lists = new Map(Object.entries(DEFAULT_MODEL_LISTS).map(([p, ids]) => [p as Provider, [...ids]]));
  };
  fill();
  const resolve = (provider: Provider, id: string) => {
    const target = DEFAULT_MODEL_ALIASES[provider][id] ?? id;
    return lists.get(provider)?.includes(target) ? target : undefined;
  };
  return {
    resolve,
    serves: (provider, id) => resolve(provider, id) !== undefined,
    listed: (provider) => [...(lists.get(provider) ?? [])],
    retired: (provider, id) => removed.has(`${provider}/${DEFAULT_MODEL_ALIASES[provider][id] ?? id}`),
    remove(provider, ids) {
      const gone = new Set(ids.map((id) => DEFAULT_MODEL_ALIASES[provider][id] ?? id));
      for (const id of gone) removed.add(`${provider}/${id}`);
      lists.set(
        provider,
        (lists.get(provider) ?? []).filter((id) => !gone.has(id)),
      );
    },
    add(provider, ids) {
      const list = lists.get(provider) ?? [];
      for (const id of ids) {
        removed.delete(`${provider}/${id}`);
        if (!list.includes(id)) list.push(id);
      }
      lists.set(provider, list);
    },
    reset: fill,
  };
}

function title(id: string): string {
  return id
    .split('-')
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

/** One model as the provider describes it. */
export function modelObject(provider: Provider, id: string): unknown {
  switch (provider) {
    case 'anthropic':
      return { type: 'model', id, display_name: title(id), created_at: new Date(CREATED * 1000).toISOString() };
    case 'google':
      return {
        name: `models/${id}`,
        version: '001',
        displayName: title(id),
        description: `${title(id)} (stand-in)`,
        inputTokenLimit: 1_048_576,
        outputTokenLimit: 8192,
        supportedGenerationMethods: ['generateContent', 'countTokens'],
      };
    default:
      return { id, object: 'model', created: CREATED, owned_by: provider === 'openai' ? 'system' : provider };
  }
}

/** The list answer in the provider's format. Anthropic's `limit`, Google's `pageSize` page it. */
export function modelListBody(provider: Provider, ids: string[], url: URL): unknown {
  switch (provider) {
    case 'anthropic': {
      const limit = Math.min(1000, Math.max(1, Number(url.searchParams.get('limit') ?? 20) || 20));
      const after = url.searchParams.get('after_id');
      const start = after ? ids.indexOf(after) + 1 : 0;
      const page = ids.slice(start, start + limit);
      return {
        data: page.map((id) => modelObject(provider, id)),
        has_more: start + limit < ids.length,
        first_id: page[0] ?? null,
        last_id: page.at(-1) ?? null,
      };
    }
    case 'google': {
      const size = Math.min(1000, Math.max(1, Number(url.searchParams.get('pageSize') ?? 50) || 50));
      const start = Number(url.searchParams.get('pageToken') ?? 0) || 0;
      const page = ids.slice(start, start + size);
      return {
        models: page.map((id) => modelObject(provider, id)),
        ...(start + size < ids.length ? { nextPageToken: String(start + size) } : {}),
      };
    }
    default:
      return { object: 'list', data: ids.map((id) => modelObject(provider, id)) };
  }
}

/** Which model-list request a GET path is: the list, or one model (`id`); undefined for neither. */
export function modelListRoute(provider: Provider, path: string): { id?: string } | undefined {
  const prefixes: Record<Provider, string[]> = {
    openai: ['/openai/v1/models'],
    anthropic: ['/anthropic/v1/models'],
    google: ['/google/v1beta/models'],
    deepseek: ['/deepseek/models', '/deepseek/v1/models'],
    xai: ['/xai/v1/models'],
  };
  for (const prefix of prefixes[provider]) {
    if (path === prefix) return {};
    if (path.startsWith(`${prefix}/`)) {
      const rest = decodeURIComponent(path.slice(prefix.length + 1));
      if (rest && !rest.includes('/') && !rest.includes(':')) return { id: rest };
    }
  }
  return undefined;
}
