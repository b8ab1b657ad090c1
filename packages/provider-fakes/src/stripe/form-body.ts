/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` pairs whose keys nest with brackets,
 * as the stripe SDK writes them (`line_items[0][price]=price_1&metadata[plan]=pro&expand[0]=customer`).
 * `parseFormBody` turns that back into nested objects and arrays; every leaf stays a string, as Stripe
 * receives it (`'true'`, `'1'`, `''` to unset).
 */

export class FormBodyError extends Error {
  override name = 'FormBodyError';
}

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

/** Keys that would reach Object.prototype; refused rather than silently dropped. */
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const INDEX = /^(0|[1-9]\d{0,5})$/;

/** `a[b][0][c]` -> ['a', 'b', '0', 'c']; `a[]` -> ['a', '']. */
export function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const parts = [key.slice(0, open)];
  let rest = key.slice(open);
  while (rest !== '') {
    const match = /^\[([^[\]]*)\]/.exec(rest);
    if (!match) throw new FormBodyError(`Invalid parameter name: ${key}`);
    parts.push(match[1] ?? '');
    rest = rest.slice(match[0].length);
  }
  return parts;
}

type Container = FormValue[] | FormObject;

function isContainer(value: FormValue | undefined): value is Container {
  return typeof value === 'object' && value !== null;
}

function childFor(segment: string | undefined): Container {
  return segment !== undefined && (segment === '' || INDEX.test(segment)) ? [] : {};
}

function assign(root: FormObject, key: string, value: string): void {
  const path = splitKey(key);
  let node: Container = root;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] ?? '';
    const last = i === path.length - 1;
    if (FORBIDDEN.has(segment)) throw new FormBodyError(`Invalid parameter name: ${key}`);
    if (Array.isArray(node)) {
      if (segment !== '' && !INDEX.test(segment)) {
        throw new FormBodyError(`Invalid array: ${key} mixes list indexes and names`);
      }
      const index: number = segment === '' ? node.length : Number(segment);
      if (last) {
        if (isContainer(node[index])) throw new FormBodyError(`Invalid parameter: ${key} is both a value and a hash`);
        node[index] = value;
        return;
      }
      const existing: FormValue | undefined = node[index];
      if (existing !== undefined && !isContainer(existing)) {
        throw new FormBodyError(`Invalid parameter: ${key} is both a value and a hash`);
      }
      const next: Container = existing ?? childFor(path[i + 1]);
      node[index] = next;
      node = next;
    } else {
      if (segment === '' && i === 0) throw new FormBodyError(`Invalid parameter name: ${key}`);
      if (last) {
        if (isContainer(node[segment])) throw new FormBodyError(`Invalid parameter: ${key} is both a value and a hash`);
        node[segment] = value;
        return;
      }
      const existing: FormValue | undefined = node[segment];
      if (existing !== undefined && !isContainer(existing)) {
        throw new FormBodyError(`Invalid parameter: ${key} is both a value and a hash`);
      }
      const next: Container = existing ?? childFor(path[i + 1]);
      node[segment] = next;
      node = next;
    }
  }
}

/** Drops the holes a sparse index (`a[0]`, `a[5]`) leaves, keeping the order, as Stripe's parser does. */
function compact(value: FormValue): FormValue {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  if (isContainer(value)) {
    for (const [k, v] of Object.entries(value)) value[k] = compact(v);
  }
  return value;
}

/** Parses a form-encoded body or query string into nested objects/arrays of strings. Throws FormBodyError. */
export function parseFormBody(text: string | URLSearchParams): FormObject {
  const params = typeof text === 'string' ? new URLSearchParams(text) : text;
  const root: FormObject = {};
  for (const [key, value] of params) {
    if (key === '') continue;
    assign(root, key, value);
  }
  return compact(root) as FormObject;
}
