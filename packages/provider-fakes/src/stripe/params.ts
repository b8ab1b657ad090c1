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
