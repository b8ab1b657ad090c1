import {
  CHAT_ATTACHMENT_TYPES,
  type ChatMessageMetadata,
  type ChatRequest,
  type ChatToolId,
  type Locale,
  PDF_MEDIA_TYPE,
  type UserMessage,
} from '@polymath/shared';
import { DefaultChatTransport, type UIMessage } from 'ai';

/** The AI SDK message with the server's metadata (model, status, time). */
export type ChatUIMessage = UIMessage<ChatMessageMetadata>;

/**
 * What every request names besides the messages: read at send time, so a model change (or a change
 * of the tool's inputs) applies at once.
 */
export type ChatContext = {
  toolId: ChatToolId;
  modelId: string;
  locale?: Locale;
  toolInput?: Record<string, unknown> | undefined;
};

type AttachmentType = (typeof CHAT_ATTACHMENT_TYPES)[number] | typeof PDF_MEDIA_TYPE;
type UserPart = UserMessage['parts'][number];

function isAttachmentType(value: string): value is AttachmentType {
  return value === PDF_MEDIA_TYPE || (CHAT_ATTACHMENT_TYPES as readonly string[]).includes(value);
}

/** The wire form of a user message: text, uploaded images and PDFs only, without client-side fields. */
export function toUserMessagePayload(message: ChatUIMessage): UserMessage {
  if (message.role !== 'user') throw new Error(`Message ${message.id} is not a user message`);
  const parts: UserPart[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') parts.push({ type: 'text', text: part.text });
    else if (part.type === 'file' && isAttachmentType(part.mediaType)) {
      parts.push({
        type: 'file',
        mediaType: part.mediaType,
        url: part.url,
        ...(part.filename ? { filename: part.filename } : {}),
      });
    }
  }
  return { id: message.id, role: 'user', parts };
}

/**
 * The body of POST /api/chat (ChatRequest) from what the AI SDK hands the transport. Only the last
 * message goes over the wire: the server keeps the history. An edit sends the edited message (same
 * id); a regeneration names the answer it replaces.
 */
export function buildChatRequestBody(
  options: {
    id: string;
    trigger: 'submit-message' | 'regenerate-message';
    messageId: string | undefined;
    messages: ChatUIMessage[];
  },
  context: ChatContext,
): ChatRequest {
  const base = {
    threadId: options.id,
    toolId: context.toolId,
    modelId: context.modelId,
    ...(context.locale ? { locale: context.locale } : {}),
    ...(context.toolInput ? { toolInput: context.toolInput } : {}),
  };
  if (options.trigger === 'regenerate-message') {
    return {
      trigger: 'regenerate-message',
      ...base,
      ...(options.messageId ? { messageId: options.messageId } : {}),
    };
  }
  const message = options.messageId
    ? options.messages.find((m) => m.id === options.messageId)
    : options.messages[options.messages.length - 1];
  if (!message) throw new Error('There is no message to send');
  return { trigger: 'submit-message', ...base, message: toUserMessagePayload(message) };
}

/** Where a running answer is resumed from its start (SSE), or 204 when none is running. */
export function streamUrl(threadId: string): string {
  return `/api/chat/${encodeURIComponent(threadId)}/stream`;
}

/** Stops the answer on the server (it otherwise keeps writing after the browser goes away). */
export function stopUrl(threadId: string): string {
  return `/api/chat/${encodeURIComponent(threadId)}/stop`;
}

export function createChatTransport(getContext: () => ChatContext): DefaultChatTransport<ChatUIMessage> {
  return new DefaultChatTransport<ChatUIMessage>({
    api: '/api/chat',
    credentials: 'same-origin',
    prepareSendMessagesRequest: (options) => ({ body: buildChatRequestBody(options, getContext()) }),
    prepareReconnectToStreamRequest: ({ id }) => ({ api: streamUrl(id) }),
  });
}

/** Asks the server to stop writing; failures are ignored (the local stream is aborted anyway). */
export function requestServerStop(threadId: string): void {
  void fetch(stopUrl(threadId), { method: 'POST', credentials: 'same-origin' }).catch(() => undefined);
}

/** All text of a message, for copying. */
export function messageText(message: Pick<ChatUIMessage, 'parts'>): string {
  return message.parts
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n\n')
    .trim();
}
