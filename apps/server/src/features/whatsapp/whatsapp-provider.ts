import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Locale, WhatsAppMode } from '@polymath/shared';

/**
 * What the app sends: a text (answers and notices) or the link code (a template outside the
 * window). A code names the account that asked for it: WhatsApp takes it to the phone whatever
 * that is; the sandbox needs it to know which account's sandbox phone plays the number.
 */
export type OutgoingMessage =
  | { kind: 'text'; to: string; text: string }
  | { kind: 'code'; to: string; code: string; locale: Locale; userId: string };

/** An image someone sent, fetched from WhatsApp. */
export type Media = { bytes: Uint8Array; mimeType: string };

/**
 * WhatsApp as the app uses it: the Cloud API (cloud-api-provider.ts) or the built-in sandbox
 * (sandbox/whatsapp-sandbox.ts). Both take messages in through the same signed webhook
 * (whatsapp-webhook.ts), so everything after the signature check is one code path.
 */
export type WhatsAppProvider = {
  mode: WhatsAppMode;
  /** The business number's id; deliveries for another number are ignored. */
  phoneNumberId: string;
  /** Sends one message; resolves with WhatsApp's message id. Throws WhatsAppSendError. */
  send(message: OutgoingMessage): Promise<{ id: string }>;
  downloadMedia(mediaId: string): Promise<Media>;
  /** Throws WhatsAppSignatureError unless `header` is the X-Hub-Signature-256 of exactly these bytes. */
  verifySignature(rawBody: Uint8Array, header: string | undefined): void;
  /** Where "Open WhatsApp" goes (a wa.me link, or the sandbox phone); null when not known yet. */
  chatUrl(): Promise<string | null>;
};

export class WhatsAppSignatureError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WhatsAppSignatureError';
  }
}

/**
 * WhatsApp refused or could not take a message. `retryable`: try again later (rate limits, outages).
 * `code` is the Graph API's error code when there was one (131047: outside the 24-hour window).
 */
export class WhatsAppSendError extends Error {
  readonly code: number | undefined;
  readonly retryable: boolean;
  /** The number itself cannot receive it (not on WhatsApp, not allowed, invalid). */
  readonly badRecipient: boolean;
  constructor(message: string, options: { code?: number; retryable: boolean; badRecipient?: boolean }) {
    super(message);
    this.name = 'WhatsAppSendError';
    this.code = options.code;
    this.retryable = options.retryable;
    this.badRecipient = options.badRecipient ?? false;
  }
}

/** `sha256=<hex HMAC-SHA256 of the body with the app secret>`, as Meta signs webhook deliveries. */
export function hubSignature(rawBody: Uint8Array | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/** Checks X-Hub-Signature-256 on the raw bytes, in constant time. */
export function verifyHubSignature(rawBody: Uint8Array, header: string | undefined, appSecret: string): void {
  if (!header) throw new WhatsAppSignatureError('no X-Hub-Signature-256 header');
  const expected = Buffer.from(hubSignature(rawBody, appSecret));
  const given = Buffer.from(header.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new WhatsAppSignatureError('the signature does not match the body');
  }
}

/** WhatsApp names numbers by their digits (wa_id); the app keeps E.164. */
export function e164FromWaId(waId: string): string {
  return `+${waId.replace(/\D/g, '')}`;
}

export function waIdFromE164(phone: string): string {
  return phone.replace(/\D/g, '');
}
