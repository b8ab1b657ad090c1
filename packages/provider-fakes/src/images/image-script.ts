/**
 * What an image stand-in answers: a `[[fake-image …]]` directive in the prompt, or the next script
 * queued with POST /__control/image-script (a queue of its own, so a chat turn that calls an image
 * tool does not eat the image's script). `{}` makes the images the request asks for.
 */
import { DirectiveError } from '../script.ts';

export type FakeImageScript = {
  /** Milliseconds to wait before answering (a slow provider). */
  delayMs?: number;
  /** Answer this HTTP status (400–599) with the provider's error body. */
  status?: number;
  /** Refuse on content policy, in the provider's own way (an error body, or a flagged answer). */
  refuse?: boolean;
  /** `json`: a body cut off mid-JSON; `image`: well-formed JSON whose image data is not a picture. */
  malformed?: 'json' | 'image';
  /** Send the headers and nothing more until the client goes away. */
  hang?: boolean;
  /** Answer images as base64 or as a URL the stand-in serves; default: what the request asked for. */
  format?: 'b64' | 'url';
};

const START = '[[fake-image';
const KEYS = 'delay, status, refuse, malformed=json|image, hang, url, b64';

function whole(key: string, value: string | undefined, min: number, max: number): number {
  if (value === undefined || !/^\d+$/.test(value)) {
    throw new DirectiveError(`[[fake-image]] ${key} needs a whole number, as in ${key}=${min}`);
  }
  const n = Number(value);
  if (n < min || n > max) throw new DirectiveError(`[[fake-image]] ${key}=${value} is out of range (${min}–${max})`);
  return n;
}

function noValue(key: string, value: string | undefined): void {
  if (value !== undefined) throw new DirectiveError(`[[fake-image]] ${key} takes no value`);
}

/**
 * Reads the last `[[fake-image key=value …]]` of a prompt, e.g. `[[fake-image delay=300]]`,
 * `[[fake-image status=500]]`, `[[fake-image refuse]]`, `[[fake-image malformed=image]]`,
 * `[[fake-image hang]]`, `[[fake-image url]]`. Undefined when there is none; DirectiveError when it
 * cannot be read, so a typo answers 400 instead of passing silently.
 */
export function parseImageDirective(text: string): FakeImageScript | undefined {
  const start = text.lastIndexOf(START);
  if (start < 0) return undefined;
  const end = text.indexOf(']]', start);
  if (end < 0) throw new DirectiveError('[[fake-image …]] directive without its closing ]]');
  const script: FakeImageScript = {};
  const body = text.slice(start + START.length, end).trim();
  for (const word of body === '' ? [] : body.split(/\s+/)) {
    const [key = '', value] = word.split('=', 2) as [string, string | undefined];
    switch (key.toLowerCase()) {
      case 'delay':
        script.delayMs = whole(key, value, 0, 600_000);
        break;
      case 'status':
        script.status = whole(key, value, 400, 599);
        break;
      case 'refuse':
        noValue(key, value);
        script.refuse = true;
        break;
      case 'malformed':
        if (value !== 'json' && value !== 'image') {
          throw new DirectiveError('[[fake-image]] malformed takes json or image, as in malformed=image');
        }
        script.malformed = value;
        break;
      case 'hang':
        noValue(key, value);
        script.hang = true;
        break;
      case 'url':
      case 'b64':
        noValue(key, value);
        script.format = key.toLowerCase() as 'url' | 'b64';
        break;
      default:
        throw new DirectiveError(`[[fake-image]] unknown key "${key}" (known: ${KEYS})`);
    }
  }
  return script;
}

/** Checks an image script that came over HTTP; throws with what is wrong. */
export function checkImageScript(value: unknown): FakeImageScript {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('a script is an object');
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) {
    if (!['delayMs', 'status', 'refuse', 'malformed', 'hang', 'format'].includes(key)) {
      throw new Error(`unknown image script key "${key}" (known: delayMs, status, refuse, malformed, hang, format)`);
    }
  }
  const count = (key: string, min: number, max: number) => {
    const n = v[key];
    if (n !== undefined && (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)) {
      throw new Error(`image script key "${key}" must be a whole number in ${min}–${max}`);
    }
  };
  count('delayMs', 0, 600_000);
  count('status', 400, 599);
  for (const key of ['refuse', 'hang']) {
    if (v[key] !== undefined && typeof v[key] !== 'boolean') throw new Error(`image script key "${key}" is a boolean`);
  }
  if (v.malformed !== undefined && v.malformed !== 'json' && v.malformed !== 'image') {
    throw new Error('image script key "malformed" is "json" or "image"');
  }
  if (v.format !== undefined && v.format !== 'b64' && v.format !== 'url') {
    throw new Error('image script key "format" is "b64" or "url"');
  }
  return v as FakeImageScript;
}
