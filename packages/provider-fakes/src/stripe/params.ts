/**
 * Reading Stripe request parameters out of a parsed form body (leaves are strings), answering bad ones with
 * Stripe's 400s: booleans are 'true'/'false', URLs absolute http(s), metadata a hash of strings where '' unsets.
 */
import type { FormObject, FormValue } from './form-body.ts';
import { invalidRequest } from './stripe-errors.ts';
import type { Metadata } from './stripe-objects.ts';

export function optionalString(body: FormObject, key: string, param = key): string | undefined {
  const value = body[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${param} must be a string.`, param);
  return value;
}

export function booleanParam(value: FormValue, param: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidRequest(`Invalid boolean: ${typeof value === 'string' ? value : 'a hash'}`, param);
}

export function urlParam(body: FormObject, key: string): string | null {
  const value = optionalString(body, key);
  if (value === undefined || value === '') return null;
  let ok = false;
  try {
    const protocol = new URL(value).protocol;
    ok = protocol === 'http:' || protocol === 'https:';
  } catch {
    ok = false;
  }
  if (!ok) throw invalidRequest('Not a valid URL', key, 'url_invalid');
  return value;
}

/** `metadata[k]=v` as given: a hash of strings, or '' to clear. */
export function metadataParam(value: FormValue | undefined, param: string): Metadata | '' | undefined {
  if (value === undefined || value === '') return value;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidRequest(`Invalid object: ${param} must be a hash of strings.`, param);
  }
  const out: Metadata = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string')
      throw invalidRequest(`Invalid string: ${param}[${k}] must be a string.`, `${param}[${k}]`);
    out[k] = v;
  }
  return out;
}

/** Stripe's metadata update: keys set to '' are removed, '' for the whole hash clears it. */
export function mergeMetadata(current: Metadata, update: Metadata | ''): Metadata {
  if (update === '') return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

export function sameMetadata(a: Metadata, b: Metadata): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

export function stringList(value: FormValue | undefined, param: string): string[] {
  if (value === undefined || value === '') return [];
  if (!Array.isArray(value)) throw invalidRequest(`Invalid array: ${param} must be a list.`, param);
  return value.map((v, i) => {
    if (typeof v !== 'string') throw invalidRequest(`Invalid string: ${param}[${i}]`, `${param}[${i}]`);
    return v;
  });
}

/** A whole number as Stripe reads one from a form body ('500'). */
export function integerParam(value: FormValue, param: string): number {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw invalidRequest(`Invalid integer: ${typeof value === 'string' ? value : 'a hash'}`, param);
  }
  return Number(value);
}

/** The stand-in answers parameters it does not model with a 400 rather than ignoring them. */
export function onlyParams(params: FormObject, supported: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!supported.includes(key)) {
      throw invalidRequest(`The Stripe stand-in does not support the parameter: ${key}`, key);
    }
  }
}

/**
 * One page of a list endpoint (`limit`, default 10, at most 100; `starting_after`) over items ordered
 * newest first, in Stripe's list envelope.
 */
export function listPage<T extends { id: string }>(items: T[], params: FormObject, url: string) {
  const limit = params.limit === undefined ? 10 : integerParam(params.limit, 'limit');
  if (limit < 1 || limit > 100) {
    throw invalidRequest('This value must be greater than or equal to 1 and at most 100.', 'limit');
  }
  const after = optionalString(params, 'starting_after');
  const start = after ? items.findIndex((item) => item.id === after) + 1 : 0;
  if (after && start === 0) throw invalidRequest(`No such object: '${after}'`, 'starting_after', 'resource_missing');
  return {
    object: 'list' as const,
    data: structuredClone(items.slice(start, start + limit)),
    has_more: start + limit < items.length,
    url,
  };
}
