/**
 * The image stand-ins: OpenAI and xAI `POST …/v1/images/generations` and `…/images/edits`, and
 * Gemini image generation on `generateContent` (a request whose responseModalities ask for IMAGE).
 * Each reads the request the way its real API does, checks what the real API checks (sizes per
 * model, n, the mask matching the photo), then answers real pictures — or what the script asks for.
 */
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { errorBody } from '../formats.ts';
import { DirectiveError, isRecord } from '../script.ts';
import {
  GEMINI_ASPECT_RATIOS,
  MEDIA_TYPES,
  NOT_AN_IMAGE,
  nearestRatio,
  renderStandInImage,
  type StandInFormat,
  sizeForRatio,
} from './image-render.ts';
import { type FakeImageScript, parseImageDirective } from './image-script.ts';

export type ImageProvider = 'openai' | 'xai' | 'google';
export type ImageEndpoint = 'generations' | 'edits' | 'gemini';

/** What the server lends the image handler. */
export type ImageServerTools = {
  sendJson(res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void;
  /** Tracks an open response until it ends or its client leaves; `onStop` clears its timer. */
  track(res: ServerResponse, onStop: () => void): void;
  /** Keeps the bytes and returns the URL the stand-in serves them at (for `url` answers). */
  publish(bytes: Buffer, mediaType: string): string;
  nextScript(): FakeImageScript | undefined;
};

/** An input picture (an edit's photo or mask), decoded far enough to know its shape. */
type InputImage = { bytes: Buffer; mediaType: string; width: number; height: number; hasAlpha: boolean };

type ImageRequest = {
  provider: ImageProvider;
  endpoint: ImageEndpoint;
  model: string;
  prompt: string;
  n: number;
  width: number;
  height: number;
  format: StandInFormat;
  /** How images go back when no script says otherwise. */
  answer: 'b64' | 'url';
};

class BadImageRequest extends Error {}

/** OpenAI's sizes per image model family (the real API answers 400 for any other). */
const OPENAI_SIZES: { test: (model: string) => boolean; sizes: string[]; maxN: number; edits: boolean }[] = [
  {
    test: (m) => m.startsWith('gpt-image-'),
    sizes: ['1024x1024', '1536x1024', '1024x1536', 'auto'],
    maxN: 10,
    edits: true,
  },
  { test: (m) => m.startsWith('dall-e-3'), sizes: ['1024x1024', '1792x1024', '1024x1792'], maxN: 1, edits: false },
  { test: (m) => m.startsWith('dall-e-2'), sizes: ['256x256', '512x512', '1024x1024'], maxN: 10, edits: true },
];

/** The aspect ratios xAI's image API takes. */
const XAI_ASPECT_RATIOS = [
  '1:1',
  '3:4',
  '4:3',
  '9:16',
  '16:9',
  '2:3',
  '3:2',
  '9:19.5',
  '19.5:9',
  '9:20',
  '20:9',
  '1:2',
  '2:1',
  'auto',
];

async function inspect(bytes: Buffer, what: string): Promise<InputImage> {
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.width || !meta.height || !['png', 'jpeg', 'webp'].includes(meta.format ?? '')) throw new Error();
    return {
      bytes,
      mediaType: MEDIA_TYPES[meta.format as StandInFormat],
      width: meta.width,
      height: meta.height,
      hasAlpha: meta.hasAlpha === true,
    };
  } catch {
    throw new BadImageRequest(`Invalid ${what}: expected a PNG, JPEG or WebP image.`);
  }
}

function fromDataUri(uri: unknown, what: string): Buffer {
  if (typeof uri !== 'string') throw new BadImageRequest(`${what} needs a url.`);
  const match = /^data:[^;,]*;base64,(.*)$/s.exec(uri);
  if (!match) throw new BadImageRequest(`The stand-in takes ${what} as a base64 data URI only.`);
  return Buffer.from(match[1] ?? '', 'base64');
}

function whole(value: unknown, fallback: number): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new BadImageRequest(`Invalid value for 'n': ${value}.`);
  return n;
}

function parseSize(size: string): [number, number] {
  const [w, h] = size.split('x').map(Number);
  return [w ?? 1024, h ?? 1024];
}

/** Reads an OpenAI images request: JSON for generations, multipart/form-data for edits. */
async function readOpenAi(endpoint: ImageEndpoint, body: unknown, form: FormData | undefined): Promise<ImageRequest> {
  const field = (name: string): unknown =>
    form ? (form.get(name) ?? undefined) : isRecord(body) ? body[name] : undefined;
  if (endpoint === 'edits' && !form) throw new BadImageRequest('Edits take multipart/form-data.');
  const model = typeof field('model') === 'string' ? (field('model') as string) : 'dall-e-2';
  const prompt = field('prompt');
  if (typeof prompt !== 'string' || prompt === '') throw new BadImageRequest("Missing required parameter: 'prompt'.");
  const family = OPENAI_SIZES.find((f) => f.test(model));
  const n = whole(field('n'), 1);
  if (n < 1 || n > (family?.maxN ?? 10)) {
    throw new BadImageRequest(
      family?.maxN === 1 ? 'You must provide n=1 for this model.' : `Invalid value for 'n': ${n}.`,
    );
  }
  const size = typeof field('size') === 'string' ? (field('size') as string) : undefined;
  if (size !== undefined && family && !family.sizes.includes(size)) {
    throw new BadImageRequest(
      `Invalid value: '${size}'. Supported values are: ${family.sizes.map((s) => `'${s}'`).join(', ')}.`,
    );
  }
  if (size !== undefined && size !== 'auto' && !/^\d+x\d+$/.test(size)) {
    throw new BadImageRequest(`Invalid value: '${size}'.`);
  }
  let shape: [number, number] = size && size !== 'auto' ? parseSize(size) : [1024, 1024];
  if (endpoint === 'edits') {
    if (family && !family.edits) throw new BadImageRequest(`Invalid value for 'model': '${model}' cannot edit images.`);
    const files = [...(form?.getAll('image') ?? []), ...(form?.getAll('image[]') ?? [])].filter(
      (f): f is File => typeof f !== 'string',
    );
    if (files.length === 0) throw new BadImageRequest("Missing required parameter: 'image'.");
    const photos = await Promise.all(files.map(async (f) => inspect(Buffer.from(await f.arrayBuffer()), 'image')));
    const mask = form?.get('mask');
    const photo = photos[0] as InputImage;
    if (mask && typeof mask !== 'string') {
      const m = await inspect(Buffer.from(await mask.arrayBuffer()), 'mask');
      if (m.mediaType !== 'image/png' || !m.hasAlpha) {
        throw new BadImageRequest('Invalid mask image format - mask must be a PNG with an alpha channel.');
      }
      if (m.width !== photo.width || m.height !== photo.height) {
        throw new BadImageRequest('Invalid mask image format - mask size does not match image size.');
      }
    }
    if (!size || size === 'auto') {
      // `auto` (or none) keeps the photo's shape: the model's size nearest to it, or the photo's own.
      const sizes = (family?.sizes ?? []).filter((s) => s !== 'auto').map(parseSize);
      const off = ([w, h]: [number, number]) => Math.abs(Math.log(w / h / (photo.width / photo.height)));
      shape = sizes.reduce((best, s) => (off(s) < off(best) ? s : best), sizes[0] ?? [photo.width, photo.height]);
    }
  }
  const outputFormat = field('output_format');
  const format: StandInFormat =
    outputFormat === 'jpeg' || outputFormat === 'webp' || outputFormat === 'png' ? outputFormat : 'png';
  const responseFormat = field('response_format');
  // gpt-image models always answer base64; DALL·E answers a URL unless asked for b64_json.
  const answer = responseFormat === 'b64_json' || model.startsWith('gpt-image-') ? 'b64' : 'url';
  return { provider: 'openai', endpoint, model, prompt, n, width: shape[0], height: shape[1], format, answer };
}

/** Reads an xAI images request: JSON for both generations and edits (xAI takes no multipart). */
async function readXai(endpoint: ImageEndpoint, body: unknown): Promise<ImageRequest> {
  if (!isRecord(body)) throw new BadImageRequest('The request body is not a JSON object.');
  const model = typeof body.model === 'string' ? body.model : 'grok-imagine-image';
  const prompt = body.prompt;
  if (typeof prompt !== 'string' || prompt === '') throw new BadImageRequest('prompt is required');
  const n = whole(body.n, 1);
  if (n < 1 || n > 10) throw new BadImageRequest(`n must be between 1 and 10, got ${n}`);
  const ratio = body.aspect_ratio;
  if (ratio !== undefined && (typeof ratio !== 'string' || !XAI_ASPECT_RATIOS.includes(ratio))) {
    throw new BadImageRequest(`Invalid aspect_ratio ${JSON.stringify(ratio)}`);
  }
  let shape = sizeForRatio(typeof ratio === 'string' && ratio !== 'auto' ? ratio : '1:1');
  if (endpoint === 'edits') {
    const sources = [
      ...(isRecord(body.image) ? [body.image] : []),
      ...(Array.isArray(body.images) ? body.images.filter(isRecord) : []),
    ];
    if (sources.length === 0) throw new BadImageRequest('image is required for edits');
    if (sources.length > 3) throw new BadImageRequest('at most 3 images can be edited at once');
    const photos = await Promise.all(sources.map((s) => inspect(fromDataUri(s.url, 'image'), 'image')));
    const photo = photos[0] as InputImage;
    if (ratio === undefined || ratio === 'auto') {
      shape = sizeForRatio(nearestRatio(photo.width, photo.height, XAI_ASPECT_RATIOS.slice(0, -1)));
    }
  }
  const answer = body.response_format === 'b64_json' ? 'b64' : 'url';
  return { provider: 'xai', endpoint, model, prompt, n, width: shape[0], height: shape[1], format: 'jpeg', answer };
}

/** Reads a Gemini generateContent request asking for an image: the prompt, input images, the ratio. */
async function readGemini(model: string, body: Record<string, unknown>): Promise<ImageRequest> {
  const contents = Array.isArray(body.contents) ? body.contents.filter(isRecord) : [];
  const last = contents.at(-1);
  const parts = Array.isArray(last?.parts) ? last.parts.filter(isRecord) : [];
  const prompt = parts
    .flatMap((p) => (typeof p.text === 'string' ? [p.text] : []))
    .join('\n')
    .trim();
  if (prompt === '') throw new BadImageRequest('* GenerateContentRequest.contents: contents is not specified');
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  const imageConfig = isRecord(config.imageConfig) ? config.imageConfig : {};
  const ratio = imageConfig.aspectRatio;
  if (ratio !== undefined && (typeof ratio !== 'string' || !GEMINI_ASPECT_RATIOS.includes(ratio))) {
    throw new BadImageRequest(
      `* GenerationConfig.image_config.aspect_ratio: unsupported value ${JSON.stringify(ratio)}`,
    );
  }
  let shape = sizeForRatio(typeof ratio === 'string' ? ratio : '1:1');
  const inline = parts.flatMap((p) => (isRecord(p.inlineData) ? [p.inlineData] : []));
  if (inline.length > 0) {
    const photos = await Promise.all(
      inline.map((d) => inspect(Buffer.from(typeof d.data === 'string' ? d.data : '', 'base64'), 'inline image')),
    );
    const photo = photos[0] as InputImage;
    if (ratio === undefined) shape = sizeForRatio(nearestRatio(photo.width, photo.height));
  }
  return {
    provider: 'google',
    endpoint: 'gemini',
    model,
    prompt,
    n: 1,
    width: shape[0],
    height: shape[1],
    format: 'png',
    answer: 'b64',
  };
}

/** True when a Gemini generateContent body asks for images. */
export function asksForImages(body: Record<string, unknown>): boolean {
  const config = isRecord(body.generationConfig) ? body.generationConfig : {};
  return (
    Array.isArray(config.responseModalities) &&
    config.responseModalities.some((m) => typeof m === 'string' && m.toUpperCase() === 'IMAGE')
  );
}

/** The body each provider sends when it refuses on content policy, with its status. */
function refusal(request: ImageRequest, serial: number): { status: number; body: unknown } {
  switch (request.provider) {
    case 'openai':
      return request.model.startsWith('gpt-image-')
        ? {
            status: 400,
            body: {
              error: {
                message: `Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_standin${serial}.`,
                type: 'image_generation_user_error',
                param: null,
                code: 'moderation_blocked',
              },
            },
          }
        : {
            status: 400,
            body: {
              error: {
                code: 'content_policy_violation',
                message:
                  'Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.',
                param: null,
                type: 'invalid_request_error',
              },
            },
          };
    case 'xai':
      // xAI flags each moderated image in an otherwise ordinary answer.
      return {
        status: 200,
        body: { data: Array.from({ length: request.n }, () => ({ url: null, respect_moderation: false })) },
      };
    case 'google':
      return {
        status: 200,
        body: {
          candidates: [{ finishReason: 'IMAGE_SAFETY', index: 0 }],
          usageMetadata: { promptTokenCount: tokens(request.prompt), totalTokenCount: tokens(request.prompt) },
          modelVersion: request.model,
          responseId: `standin${serial.toString(36).padStart(8, '0')}`,
        },
      };
  }
}

function tokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** The successful answer in the provider's shape, given each image as b64 or as a URL. */
function answerBody(request: ImageRequest, images: { b64?: string; url?: string }[], serial: number): unknown {
  const created = Math.floor(Date.now() / 1000);
  switch (request.provider) {
    case 'openai': {
      const gptImage = request.model.startsWith('gpt-image-');
      const data = images.map((i) => ({
        ...(i.url !== undefined ? { url: i.url } : { b64_json: i.b64 }),
        ...(!gptImage && { revised_prompt: request.prompt }),
      }));
      if (!gptImage) return { created, data };
      const input = tokens(request.prompt);
      const output = 1056 * images.length;
      return {
        created,
        background: 'opaque',
        data,
        output_format: request.format,
        quality: 'medium',
        size: `${request.width}x${request.height}`,
        usage: {
          input_tokens: input,
          input_tokens_details: { image_tokens: request.endpoint === 'edits' ? 323 : 0, text_tokens: input },
          output_tokens: output,
          total_tokens: input + output,
        },
      };
    }
    case 'xai':
      return {
        data: images.map((i) => ({
          ...(i.url !== undefined ? { url: i.url } : { b64_json: i.b64 }),
          revised_prompt: request.prompt,
        })),
        usage: { cost_in_usd_ticks: 200_000_000 * images.length },
      };
    case 'google': {
      const input = tokens(request.prompt);
      return {
        candidates: [
          {
            content: {
              parts: images.map((i) => ({ inlineData: { mimeType: MEDIA_TYPES[request.format], data: i.b64 ?? '' } })),
              role: 'model',
            },
            finishReason: 'STOP',
            index: 0,
          },
        ],
        usageMetadata: {
          promptTokenCount: input,
          candidatesTokenCount: 1290,
          totalTokenCount: input + 1290,
          promptTokensDetails: [{ modality: 'TEXT', tokenCount: input }],
          candidatesTokensDetails: [{ modality: 'IMAGE', tokenCount: 1290 }],
        },
        modelVersion: request.model,
        responseId: `standin${serial.toString(36).padStart(8, '0')}`,
      };
    }
  }
}

/** The start of an answer, cut off in the middle of its JSON. */
function brokenJson(request: ImageRequest): string {
  return request.provider === 'google'
    ? '{"candidates":[{"content":{"parts":[{"inlineData":{"mimeType":"image/png","data":"iVBORw0KGgo'
    : '{"created":1700000000,"data":[{"b64_json":"iVBORw0KGgo';
}

export type ImageCall = {
  provider: ImageProvider;
  endpoint: ImageEndpoint;
  /** The parsed JSON body; for multipart edits, the parsed form. */
  body: unknown;
  form: FormData | undefined;
  /** From the path (Gemini); otherwise read from the body. */
  model?: string;
  serial: number;
  ids: Record<string, string>;
};

/** Answers one image request (the call is already counted, recorded and authorised). */
export async function handleImageRequest(tools: ImageServerTools, res: ServerResponse, call: ImageCall): Promise<void> {
  const { provider, ids, serial } = call;
  let request: ImageRequest;
  let script: FakeImageScript;
  try {
    request =
      provider === 'openai'
        ? await readOpenAi(call.endpoint, call.body, call.form)
        : provider === 'xai'
          ? await readXai(call.endpoint, call.body)
          : await readGemini(call.model ?? '', call.body as Record<string, unknown>);
    script = parseImageDirective(request.prompt) ?? tools.nextScript() ?? {};
  } catch (err) {
    if (!(err instanceof BadImageRequest || err instanceof DirectiveError)) throw err;
    tools.sendJson(res, 400, errorBody(provider, 400, err.message), ids);
    return;
  }
  if (script.hang) {
    tools.track(res, () => {});
    res.writeHead(200, { 'content-type': 'application/json', ...ids });
    res.flushHeaders();
    return;
  }
  // Wait out the delay, or until the client leaves (then there is no one to answer).
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, script.delayMs ?? 0);
    tools.track(res, () => {
      clearTimeout(timer);
      resolve();
    });
  });
  if (res.destroyed) return;
  if (script.status !== undefined) {
    tools.sendJson(res, script.status, errorBody(provider, script.status), ids);
    return;
  }
  if (script.refuse) {
    const { status, body } = refusal(request, serial);
    tools.sendJson(res, status, body, ids);
    return;
  }
  if (script.malformed === 'json') {
    res.writeHead(200, { 'content-type': 'application/json', ...ids });
    res.end(brokenJson(request));
    return;
  }
  const answer = request.provider === 'google' ? 'b64' : (script.format ?? request.answer);
  const images = await Promise.all(
    Array.from({ length: request.n }, async (_, index) => {
      const bytes =
        script.malformed === 'image'
          ? NOT_AN_IMAGE
          : await renderStandInImage(
              request.width,
              request.height,
              request.format,
              // Every picture differs, as a real model's do, even for the same prompt.
              `${request.model}|${request.prompt}|${request.endpoint}|${serial}|${index}`,
            );
      return answer === 'url'
        ? { url: tools.publish(bytes, MEDIA_TYPES[request.format]) }
        : { b64: bytes.toString('base64') };
    }),
  );
  if (res.destroyed) return;
  tools.sendJson(res, 200, answerBody(request, images, serial), ids);
}

/** A readable summary of a multipart form for the request log: fields as text, files by type and size. */
export async function describeForm(form: FormData): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const entries: [string, string | File][] = [];
  form.forEach((value, key) => {
    entries.push([key, value]);
  });
  for (const [key, value] of entries) {
    let entry: unknown = value;
    if (typeof value !== 'string') {
      const bytes = Buffer.from(await value.arrayBuffer());
      const meta = await sharp(bytes)
        .metadata()
        .catch(() => undefined);
      entry = { file: value.name, type: value.type, bytes: bytes.length, width: meta?.width, height: meta?.height };
    }
    const previous = out[key];
    out[key] = previous === undefined ? entry : Array.isArray(previous) ? [...previous, entry] : [previous, entry];
  }
  return out;
}
