import { chatRequestSchema } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { buildChatRequestBody, type ChatUIMessage, messageText, stopUrl, streamUrl } from './chat-transport.ts';

const context = { toolId: 'web-main' as const, modelId: 'gpt-4o-mini' };
const threadId = 'thread_12345678';

const history: ChatUIMessage[] = [
  { id: 'user_message_1', role: 'user', parts: [{ type: 'text', text: 'First question' }] },
  {
    id: 'answer_message_1',
    role: 'assistant',
    parts: [
      { type: 'reasoning', text: 'hmm', state: 'done' },
      { type: 'text', text: 'First answer', state: 'done' },
    ],
    metadata: { modelId: 'gpt-4o-mini', status: 'complete' },
  },
  {
    id: 'user_message_2',
    role: 'user',
    parts: [
      { type: 'file', mediaType: 'image/webp', url: '/api/files/attachments/abc_DEF-123.webp', filename: 'cat.png' },
      { type: 'file', mediaType: 'application/pdf', url: '/api/documents/abcdEFGH1234_-xy', filename: 'vet.pdf' },
      { type: 'text', text: 'What is in this picture?', state: 'done' },
    ],
  },
];

describe('buildChatRequestBody', () => {
  it('sends only the last message, without client-side fields, as a valid ChatRequest', () => {
    const body = buildChatRequestBody(
      { id: threadId, trigger: 'submit-message', messageId: undefined, messages: history },
      context,
    );
    expect(body).toEqual({
      trigger: 'submit-message',
      threadId,
      toolId: 'web-main',
      modelId: 'gpt-4o-mini',
      message: {
        id: 'user_message_2',
        role: 'user',
        parts: [
          {
            type: 'file',
            mediaType: 'image/webp',
            url: '/api/files/attachments/abc_DEF-123.webp',
            filename: 'cat.png',
          },
          { type: 'file', mediaType: 'application/pdf', url: '/api/documents/abcdEFGH1234_-xy', filename: 'vet.pdf' },
          { type: 'text', text: 'What is in this picture?' },
        ],
      },
    });
    expect(chatRequestSchema.safeParse(body).success).toBe(true);
    expect(JSON.stringify(body)).not.toContain('First question');
  });

  it('sends the edited message with its own id for an edit', () => {
    const edited: ChatUIMessage[] = [{ id: 'user_message_1', role: 'user', parts: [{ type: 'text', text: 'Edited' }] }];
    const body = buildChatRequestBody(
      { id: threadId, trigger: 'submit-message', messageId: 'user_message_1', messages: edited },
      context,
    );
    expect(body.trigger).toBe('submit-message');
    expect(body.trigger === 'submit-message' && body.message).toEqual({
      id: 'user_message_1',
      role: 'user',
      parts: [{ type: 'text', text: 'Edited' }],
    });
    expect(chatRequestSchema.safeParse(body).success).toBe(true);
  });

  it('names the replaced answer for a regeneration and sends no message', () => {
    const body = buildChatRequestBody(
      { id: threadId, trigger: 'regenerate-message', messageId: 'answer_message_1', messages: history.slice(0, 1) },
      { toolId: 'web-main', modelId: 'claude-3-5-haiku-latest' },
    );
    expect(body).toEqual({
      trigger: 'regenerate-message',
      threadId,
      toolId: 'web-main',
      modelId: 'claude-3-5-haiku-latest',
      messageId: 'answer_message_1',
    });
    expect(chatRequestSchema.safeParse(body).success).toBe(true);
  });

  it('leaves messageId out of a regeneration that names none', () => {
    const body = buildChatRequestBody(
      { id: threadId, trigger: 'regenerate-message', messageId: undefined, messages: history.slice(0, 1) },
      context,
    );
    expect('messageId' in body).toBe(false);
    expect(chatRequestSchema.safeParse(body).success).toBe(true);
  });

  it('refuses to send an assistant message as the user message', () => {
    expect(() =>
      buildChatRequestBody(
        { id: threadId, trigger: 'submit-message', messageId: undefined, messages: history.slice(0, 2) },
        context,
      ),
    ).toThrow();
  });
});

describe('chat URLs and text', () => {
  it('resumes and stops at the thread paths', () => {
    expect(streamUrl(threadId)).toBe('/api/chat/thread_12345678/stream');
    expect(stopUrl(threadId)).toBe('/api/chat/thread_12345678/stop');
  });

  it('copies the text parts only', () => {
    expect(messageText(history[1] as ChatUIMessage)).toBe('First answer');
    expect(messageText(history[2] as ChatUIMessage)).toBe('What is in this picture?');
  });
});
