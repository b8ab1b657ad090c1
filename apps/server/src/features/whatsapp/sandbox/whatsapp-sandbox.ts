import { createHmac, randomBytes } from 'node:crypto';
import type { SandboxPhone } from '@polymath/shared';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  whatsappCodes,
  whatsappLinks,
  whatsappSandboxMessages,
  whatsappSandboxPhones,
  whatsappStatuses,
} from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/app-error.ts';
import { furthestDelivery } from '../whatsapp-outbound.ts';
import { hubSignature, verifyHubSignature, type WhatsAppProvider, waIdFromE164 } from '../whatsapp-provider.ts';
import { WHATSAPP_TEXTS } from '../whatsapp-texts.ts';

/** The sandbox's stand-ins for the business number's id and display number. */
export const SANDBOX_PHONE_NUMBER_ID = 'sandbox';
const SANDBOX_DISPLAY_NUMBER = '15550000000';
const BUSINESS_NAME = 'Polymath (TEST MODE)';
/** The phone page shows this many of the latest messages. */
const PHONE_HISTORY = 200;

export type WhatsAppSandbox = WhatsAppProvider & {
  /**
   * What `userId`'s sandbox phone shows: the number it plays (the one asked for, else the linked
   * number, else the one a code was last sent to) and that number's messages. A number linked to
   * another account is that account's phone: FORBIDDEN.
   */
  phone(userId: string, phone?: string): Promise<SandboxPhone>;
  /** Typed on the sandbox phone: a signed Cloud API delivery to the same webhook handler. */
  type(userId: string, phone: string, text: string): Promise<void>;
  /** From now on, what the app sends to `phone` appears on `userId`'s sandbox phone (unless it is linked to another). */
  hold(userId: string, phone: string): Promise<void>;
};

export type SandboxOptions = {
  db: Db;
  /** Derives the signing secret, so every instance of one deployment shares it. */
  sessionSecret: string;
  /** Hands a signed delivery to the webhook handler, as Meta's POST to /api/whatsapp/webhook would. */
  deliver(rawBody: Uint8Array, signature: string): Promise<unknown>;
  now?: () => Date;
};

function messageId(): string {
  return `wamid.SBX${randomBytes(18).toString('base64url')}`;
}

/**
 * WhatsApp without keys (test mode), like the payment sandbox: the app's messages land on a phone
 * page in the browser instead of a real phone, and what is typed there comes in as the Cloud API's
 * webhook, signed with a secret of the sandbox's own and handled by the same code as Meta's.
 *
 * Whose phone a number is stands in for who holds the real phone: a linked number is the phone of
 * the account it is linked to (linking it took a code shown there), and only that account sees or
 * plays it; everything sent to it, a code another account asked for included, appears there. A
 * number nobody has linked is no one's yet: each account that plays it or asks for a code for it
 * has a phone of its own for it, and sees only its own messages, so a code shows to the account
 * that asked for it and to no other.
 */
export function createWhatsAppSandbox(options: SandboxOptions): WhatsAppSandbox {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const appSecret = createHmac('sha256', options.sessionSecret).update('whatsapp-sandbox-app-secret').digest('hex');

  const deliver = async (value: object) => {
    const raw = Buffer.from(
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: 'sandbox',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: SANDBOX_DISPLAY_NUMBER, phone_number_id: SANDBOX_PHONE_NUMBER_ID },
                  ...value,
                },
              },
            ],
          },
        ],
      }),
    );
    await options.deliver(raw, hubSignature(raw, appSecret));
  };
  const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

  const linkedAccountOf = async (phone: string): Promise<string | null> => {
    const [row] = await db
      .select({ userId: whatsappLinks.userId })
      .from(whatsappLinks)
      .where(eq(whatsappLinks.phone, phone));
    return row?.userId ?? null;
  };

  /** The account whose phone shows messages to `phone`: the one it is linked to, else the last to play it. */
  const holderOf = async (phone: string): Promise<string | null> => {
    const linked = await linkedAccountOf(phone);
    if (linked) return linked;
    const [row] = await db
      .select({ userId: whatsappSandboxPhones.userId })
      .from(whatsappSandboxPhones)
      .where(eq(whatsappSandboxPhones.phone, phone));
    return row?.userId ?? null;
  };

  const hold = async (userId: string, phone: string) => {
    await db
      .insert(whatsappSandboxPhones)
      .values({ phone, userId, updatedAt: now() })
      .onConflictDoUpdate({ target: whatsappSandboxPhones.phone, set: { userId, updatedAt: now() } });
  };

  /** Numbers `userId` plays: linked, waiting for a code, or held on their sandbox phone; none linked to another. */
  const phonesOf = async (userId: string): Promise<string[]> => {
    const [linked, pending, held, others] = await Promise.all([
      db.select({ phone: whatsappLinks.phone }).from(whatsappLinks).where(eq(whatsappLinks.userId, userId)),
      db.select({ phone: whatsappCodes.phone }).from(whatsappCodes).where(eq(whatsappCodes.userId, userId)),
      db
        .select({ phone: whatsappSandboxPhones.phone })
        .from(whatsappSandboxPhones)
        .where(eq(whatsappSandboxPhones.userId, userId))
        .orderBy(desc(whatsappSandboxPhones.updatedAt)),
      db
        .select({ phone: whatsappLinks.phone })
        .from(whatsappLinks)
        .innerJoin(whatsappCodes, eq(whatsappCodes.phone, whatsappLinks.phone))
        .where(and(eq(whatsappCodes.userId, userId), ne(whatsappLinks.userId, userId))),
    ]);
    // A code asked for a number linked to another account went to that account's phone.
    const elsewhere = new Set(others.map((r) => r.phone));
    return [...new Set([...linked, ...pending, ...held].map((r) => r.phone))].filter((p) => !elsewhere.has(p));
  };

  const linkedElsewhere = async (userId: string, phone: string) => {
    const [other] = await db
      .select({ userId: whatsappLinks.userId })
      .from(whatsappLinks)
      .where(and(eq(whatsappLinks.phone, phone), ne(whatsappLinks.userId, userId)));
    return Boolean(other);
  };

  return {
    mode: 'sandbox',
    phoneNumberId: SANDBOX_PHONE_NUMBER_ID,

    async send(message) {
      const id = messageId();
      const at = now();
      const text = message.kind === 'text' ? message.text : WHATSAPP_TEXTS[message.locale].code(message.code);
      // A code goes where WhatsApp would take it, the phone of the number: the account it is linked
      // to, or (a number nobody has linked) the account that asked, whoever else plays that number.
      const userId =
        message.kind === 'code' ? ((await linkedAccountOf(message.to)) ?? message.userId) : await holderOf(message.to);
      await db.insert(whatsappSandboxMessages).values({
        id,
        userId,
        phone: message.to,
        direction: 'out',
        kind: message.kind === 'text' ? 'text' : 'template',
        text,
        createdAt: at,
      });
      // As Meta does, the statuses follow in deliveries of their own.
      for (const status of ['sent', 'delivered'] as const) {
        await deliver({
          statuses: [{ id, status, timestamp: seconds(at), recipient_id: waIdFromE164(message.to) }],
        });
      }
      return { id };
    },

    async downloadMedia() {
      throw new Error('the sandbox phone sends text only');
    },

    verifySignature: (rawBody, header) => verifyHubSignature(rawBody, header, appSecret),

    chatUrl: async () => '/whatsapp/sandbox',

    hold,

    async type(userId, phone, text) {
      if (await linkedElsewhere(userId, phone)) {
        throw new AppError('FORBIDDEN', 'This number is linked to another account.');
      }
      await hold(userId, phone);
      const id = messageId();
      const at = now();
      await db
        .insert(whatsappSandboxMessages)
        .values({ id, userId, phone, direction: 'in', kind: 'text', text, createdAt: at });
      const waId = waIdFromE164(phone);
      await deliver({
        contacts: [{ profile: { name: 'Sandbox phone' }, wa_id: waId }],
        messages: [{ from: waId, id, timestamp: seconds(at), type: 'text', text: { body: text } }],
      });
    },

    async phone(userId, requested) {
      if (requested && (await linkedElsewhere(userId, requested))) {
        throw new AppError('FORBIDDEN', 'This number is linked to another account.');
      }
      const phones = await phonesOf(userId);
      const phone = requested ?? phones[0] ?? null;
      if (!phone) return { phone: null, phones, messages: [], businessName: BUSINESS_NAME };
      const rows = await db
        .select()
        .from(whatsappSandboxMessages)
        .where(and(eq(whatsappSandboxMessages.userId, userId), eq(whatsappSandboxMessages.phone, phone)))
        .orderBy(desc(whatsappSandboxMessages.seq))
        .limit(PHONE_HISTORY);
      rows.reverse();
      const outIds = rows.filter((r) => r.direction === 'out').map((r) => r.id);
      const statuses = outIds.length
        ? await db
            .select({ id: whatsappStatuses.messageId, status: whatsappStatuses.status })
            .from(whatsappStatuses)
            .where(inArray(whatsappStatuses.messageId, outIds))
        : [];
      const statusesOf = (id: string) => statuses.filter((s) => s.id === id).map((s) => s.status);
      return {
        phone,
        phones: phones.includes(phone) ? phones : [phone, ...phones],
        businessName: BUSINESS_NAME,
        messages: rows.map((r) => ({
          id: r.id,
          direction: r.direction === 'in' ? 'in' : 'out',
          kind: r.kind === 'template' ? 'template' : 'text',
          text: r.text,
          at: r.createdAt.toISOString(),
          delivery: r.direction === 'out' ? furthestDelivery(statusesOf(r.id)) : null,
        })),
      };
    },
  };
}
