import { z } from 'zod';
import { LOCALES } from '../app/constants.ts';
import { storableText } from '../app/text.ts';

/** The verification code sent through WhatsApp when a number is linked: 6 digits. */
export const WHATSAPP_CODE_LENGTH = 6;
/** A code is good for 10 minutes… */
export const WHATSAPP_CODE_TTL_SECONDS = 10 * 60;
/** …and 5 tries; then a new one must be sent. */
export const WHATSAPP_CODE_MAX_TRIES = 5;
/**
 * How many codes may be sent per hour: to one account, and to one number (from any account, so the
 * app cannot be used to flood someone's phone). A new code also waits this long after the last one.
 */
export const WHATSAPP_CODE_LIMITS = { perUserPerHour: 5, perNumberPerHour: 3, resendAfterSeconds: 30 } as const;
/** WhatsApp's limit for the body of one text message; longer answers are sent in several. */
export const WHATSAPP_TEXT_MAX_LENGTH = 4096;
/** Typed in WhatsApp: the next message starts a new chat. */
export const WHATSAPP_NEW_CHAT_COMMAND = '/new';

/** 'cloud' when the operator configured the WhatsApp Cloud API; 'sandbox' is the built-in test mode. */
export const WHATSAPP_MODES = ['cloud', 'sandbox'] as const;
export type WhatsAppMode = (typeof WHATSAPP_MODES)[number];

/** A phone number in E.164: +, the country code and the national number, 8 to 15 digits in all. */
export const e164Schema = z.string().regex(/^\+[1-9]\d{6,14}$/, 'Enter the number in international format');
/** An ISO 3166-1 alpha-2 region code, as libphonenumber-js names countries. */
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/);

/** POST /api/whatsapp/link/code: send a code to this number (checked for the country on the server too). */
export const whatsAppCodeRequestSchema = z
  .object({
    phone: e164Schema,
    country: countryCodeSchema,
    /** The AI Chat model the person uses on the web; their WhatsApp chats use it. */
    modelId: z.string().min(1).max(100).optional(),
    /** The language of the code message and of the replies in WhatsApp. */
    locale: z.enum(LOCALES).optional(),
  })
  .strict();
export type WhatsAppCodeRequest = z.infer<typeof whatsAppCodeRequestSchema>;

/** POST /api/whatsapp/link/verify */
export const whatsAppVerifyRequestSchema = z
  .object({ code: z.string().regex(new RegExp(`^\\d{${WHATSAPP_CODE_LENGTH}}$`), 'Enter the 6-digit code') })
  .strict();

/** PATCH /api/whatsapp/link: the model WhatsApp chats use. */
export const whatsAppLinkUpdateSchema = z.object({ modelId: z.string().min(1).max(100) }).strict();

/** Where a sent message stands, from WhatsApp's status callbacks ('sending' until the first one). */
export const WHATSAPP_DELIVERY_STATES = ['sending', 'sent', 'delivered', 'read', 'failed'] as const;
export type WhatsAppDelivery = (typeof WHATSAPP_DELIVERY_STATES)[number];

export const whatsAppLinkSchema = z.object({
  phone: e164Schema,
  country: countryCodeSchema,
  modelId: z.string(),
  linkedAt: z.string(),
});
export type WhatsAppLink = z.infer<typeof whatsAppLinkSchema>;

/** A code on its way: where it went, until when it is good, how many tries are left. */
export const whatsAppPendingSchema = z.object({
  phone: e164Schema,
  country: countryCodeSchema,
  expiresAt: z.string(),
  triesLeft: z.number().int(),
  /** When another code may be asked for. */
  resendAt: z.string(),
  delivery: z.enum(WHATSAPP_DELIVERY_STATES),
});
export type WhatsAppPending = z.infer<typeof whatsAppPendingSchema>;

/** GET /api/whatsapp/link */
export const whatsAppStatusSchema = z.object({
  mode: z.enum(WHATSAPP_MODES),
  link: whatsAppLinkSchema.nullable(),
  pending: whatsAppPendingSchema.nullable(),
  /**
   * Where "Open WhatsApp" goes: a wa.me link to the business number, or the sandbox phone
   * (/whatsapp/sandbox) in test mode; null while the business number is not known.
   */
  chatUrl: z.string().nullable(),
});
export type WhatsAppStatus = z.infer<typeof whatsAppStatusSchema>;

// --- The sandbox phone (test mode) ----------------------------------------------------------------

/** One message on the sandbox phone: typed there ('in') or sent by the app ('out'). */
export const sandboxPhoneMessageSchema = z.object({
  id: z.string(),
  direction: z.enum(['in', 'out']),
  /** 'template' is the verification code message. */
  kind: z.enum(['text', 'template']),
  text: z.string(),
  at: z.string(),
  /** Outgoing messages: as WhatsApp's status callbacks reported it. */
  delivery: z.enum(WHATSAPP_DELIVERY_STATES).nullable(),
});
export type SandboxPhoneMessage = z.infer<typeof sandboxPhoneMessageSchema>;

/** GET /api/whatsapp/sandbox/phone */
export const sandboxPhoneSchema = z.object({
  /** The number this phone plays, and the other numbers the person may switch to. */
  phone: e164Schema.nullable(),
  phones: z.array(e164Schema),
  messages: z.array(sandboxPhoneMessageSchema),
  /** The business number as the phone shows it. */
  businessName: z.string(),
});
export type SandboxPhone = z.infer<typeof sandboxPhoneSchema>;

export const sandboxPhoneQuerySchema = z.object({ phone: e164Schema.optional() }).strict();

/** POST /api/whatsapp/sandbox/phone/messages: typed on the sandbox phone. */
export const sandboxPhoneSendSchema = z
  .object({ phone: e164Schema, text: storableText().trim().min(1).max(WHATSAPP_TEXT_MAX_LENGTH) })
  .strict();
