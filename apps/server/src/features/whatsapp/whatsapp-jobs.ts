import { z } from 'zod';
import { jobRef } from '../../lib/queue/job.ts';

/**
 * The WhatsApp jobs by name and payload (their handlers: whatsapp-message.job.ts and
 * whatsapp-send.job.ts). Both are grouped by the person's number: one number's messages are
 * answered, and its replies sent, one at a time and in order.
 */
export const whatsAppMessageJob = jobRef(
  'whatsapp-message',
  z.object({ messageId: z.string().min(1).max(256), phone: z.string().min(8).max(16) }),
);

export const whatsAppSendJob = jobRef(
  'whatsapp-send',
  z.object({ phone: z.string().min(8).max(16), ids: z.array(z.string().min(1).max(64)).min(1).max(50) }),
);
