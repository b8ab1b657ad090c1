import { CHAT_ATTACHMENT_MAX_BYTES, type Locale } from '@polymath/shared';
import {
  type Media,
  type OutgoingMessage,
  verifyHubSignature,
  type WhatsAppProvider,
  WhatsAppSendError,
  waIdFromE164,
} from './whatsapp-provider.ts';

export type CloudApiOptions = {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  /** Graph API base with its version: https://graph.facebook.com/v21.0, or a stand-in. */
  apiUrl: string;
  /** The authentication template that carries the link code. */
  codeTemplate: string;
  timeoutMs?: number;
};

/** Template languages as approved in the WhatsApp Manager, per app locale. */
const TEMPLATE_LANGUAGE: Record<Locale, string> = { en: 'en', tr: 'tr' };

/**
 * Graph API error codes worth another try later: throttling (4, 80007, 130429, 131048, 131056) and
 * WhatsApp's own outages (1, 2, 131000, 131016).
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056]);
/** The recipient cannot get it: invalid or not a WhatsApp user (131026), not allowed in test mode (131030). */
const BAD_RECIPIENT_CODES = new Set([100, 131009, 131021, 131026, 131030]);

type GraphError = { error?: { message?: string; code?: number; error_data?: { details?: string } } };

/** Media URLs Meta hands out live on its CDN; a stand-in's on the API's own origin. */
function isMetaMediaHost(url: URL, apiOrigin: string): boolean {
  if (url.origin === apiOrigin) return true;
  if (url.protocol !== 'https:') return false;
  return ['.fbsbx.com', '.facebook.com', '.whatsapp.net'].some((suffix) => url.hostname.endsWith(suffix));
}

/** Reads a body up to `limit` bytes; more is refused (a picture is at most 5 MB). */
async function readLimited(response: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limit) throw new Error(`media of ${declared} bytes is too large`);
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      throw new Error('media is too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The WhatsApp Cloud API over its HTTP wire format: POST /{phone-number-id}/messages for texts and
 * the code template, GET /{media-id} then the media URL for pictures, GET /{phone-number-id} for
 * the number people write to. Deliveries to the webhook are signed with the app secret.
 */
export function createCloudApiProvider(options: CloudApiOptions): WhatsAppProvider {
  const base = options.apiUrl.replace(/\/$/, '');
  const apiOrigin = new URL(base).origin;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const auth = { authorization: `Bearer ${options.accessToken}` };
  let businessNumber: string | undefined;
  /** When looking the business number up last failed: pages do not wait on an unreachable API. */
  let numberFailedAt = 0;

  async function graph(path: string, init: RequestInit = {}, timeout = timeoutMs): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, {
        ...init,
        headers: { ...auth, ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(timeout),
      });
    } catch (err) {
      throw new WhatsAppSendError(`the Graph API could not be reached: ${(err as Error).message}`, {
        retryable: true,
      });
    }
  }

  async function failure(response: Response): Promise<WhatsAppSendError> {
    const body = (await response.json().catch(() => ({}))) as GraphError;
    const code = body.error?.code;
    const detail = body.error?.error_data?.details ?? body.error?.message ?? response.statusText;
    const retryable =
      response.status === 429 || response.status >= 500 || (code !== undefined && RETRYABLE_CODES.has(code));
    return new WhatsAppSendError(`Graph API ${response.status}${code ? ` (${code})` : ''}: ${detail}`, {
      ...(code !== undefined ? { code } : {}),
      retryable,
      badRecipient: code !== undefined && BAD_RECIPIENT_CODES.has(code),
    });
  }

  function messageBody(message: OutgoingMessage): object {
    const to = waIdFromE164(message.to);
    if (message.kind === 'text') {
      return {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to,
        type: 'text',
        text: { preview_url: false, body: message.text },
      };
    }
    // An authentication template: the code in the body and in its copy-code button.
    return {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'template',
      template: {
        name: options.codeTemplate,
        language: { code: TEMPLATE_LANGUAGE[message.locale] },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: message.code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.code }] },
        ],
      },
    };
  }

  return {
    mode: 'cloud',
    phoneNumberId: options.phoneNumberId,

    async send(message) {
      const response = await graph(`/${options.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(messageBody(message)),
      });
      if (!response.ok) throw await failure(response);
      const body = (await response.json().catch(() => ({}))) as { messages?: { id?: string }[] };
      const id = body.messages?.[0]?.id;
      if (!id) throw new WhatsAppSendError('the Graph API answered without a message id', { retryable: true });
      return { id };
    },

    async downloadMedia(mediaId) {
      if (!/^[A-Za-z0-9_-]{1,128}$/.test(mediaId)) throw new Error('not a media id');
      const meta = await graph(`/${mediaId}?phone_number_id=${options.phoneNumberId}`);
      if (!meta.ok) throw await failure(meta);
      const info = (await meta.json()) as { url?: string; mime_type?: string; file_size?: number | string };
      if (Number(info.file_size ?? 0) > CHAT_ATTACHMENT_MAX_BYTES) throw new Error('the picture is too large');
      const url = new URL(info.url ?? '');
      if (!isMetaMediaHost(url, apiOrigin)) throw new Error(`media URL on an unexpected host: ${url.host}`);
      const file = await fetch(url, { headers: auth, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
      if (!file.ok) throw await failure(file);
      const media: Media = {
        bytes: await readLimited(file, CHAT_ATTACHMENT_MAX_BYTES),
        mimeType: info.mime_type ?? file.headers.get('content-type') ?? 'application/octet-stream',
      };
      return media;
    },

    verifySignature: (rawBody, header) => verifyHubSignature(rawBody, header, options.appSecret),

    async chatUrl() {
      if (!businessNumber) {
        if (Date.now() - numberFailedAt < 60_000) return null;
        const response = await graph(`/${options.phoneNumberId}?fields=display_phone_number`, {}, 3000).catch(
          () => null,
        );
        const body = response?.ok
          ? ((await response.json().catch(() => ({}))) as { display_phone_number?: string })
          : {};
        const digits = (body.display_phone_number ?? '').replace(/\D/g, '');
        if (!digits) {
          numberFailedAt = Date.now();
          return null;
        }
        businessNumber = digits;
      }
      return `https://wa.me/${businessNumber}`;
    },
  };
}
