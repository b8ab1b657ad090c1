import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';

/**
 * The answer's parts, built from its UI message chunks as they stream (what is saved and settled).
 *
 * The AI SDK's readUIMessageStream does the same but hands out a deep copy of the whole message
 * after every chunk, which with thousands of answers streaming is most of the server's work (B3).
 * Here the chunks that make up nearly all of an answer (text, reasoning, steps) change the parts in
 * place, exactly as the SDK would; the rare others (function calls and results, sources, files,
 * data parts) go through the SDK's own code, on this same message, so their parts stay the SDK's.
 */
export type AnswerParts = {
  readonly parts: UIMessage['parts'];
  /** True when the parts changed since the last takeChanges. */
  readonly changed: boolean;
  /** Marks the parts as saved; returns whether they had changed. */
  takeChanges(): boolean;
  /** Applies one chunk (synchronously for the common ones). */
  apply(chunk: UIMessageChunk): void | Promise<void>;
};

type TextPart = Extract<UIMessage['parts'][number], { type: 'text' }>;
type ReasoningPart = Extract<UIMessage['parts'][number], { type: 'reasoning' }>;

export function createAnswerParts(answerId: string, onError: (err: unknown) => void): AnswerParts {
  const message: UIMessage = { id: answerId, role: 'assistant', parts: [] };
  const parts = message.parts;
  // Open text and reasoning parts by their stream id (the parts array only grows, but a step reset).
  let texts = new Map<string, TextPart>();
  let reasonings = new Map<string, ReasoningPart>();
  let changed = false;

  const missing = (chunk: UIMessageChunk) =>
    onError(new Error(`Received ${chunk.type} for a part that was not started`));

  /** The SDK's handling, for the chunks that are not text: on this same message, mutated in place. */
  async function viaSdk(chunk: UIMessageChunk) {
    const one = new ReadableStream<UIMessageChunk>({
      start(controller) {
        controller.enqueue(chunk);
        controller.close();
      },
    });
    for await (const _ of readUIMessageStream({ message, stream: one, onError })) {
      // Each snapshot is a copy; the message itself is what changed.
    }
  }

  return {
    parts,
    get changed() {
      return changed;
    },
    takeChanges() {
      const was = changed;
      changed = false;
      return was;
    },
    apply(chunk) {
      switch (chunk.type) {
        case 'text-start': {
          const part: TextPart = {
            type: 'text',
            text: '',
            providerMetadata: chunk.providerMetadata,
            state: 'streaming',
          };
          texts.set(chunk.id, part);
          parts.push(part);
          break;
        }
        case 'text-delta': {
          const part = texts.get(chunk.id);
          if (!part) return missing(chunk);
          part.text += chunk.delta;
          part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
          break;
        }
        case 'text-end': {
          const part = texts.get(chunk.id);
          if (!part) return missing(chunk);
          part.state = 'done';
          if (chunk.citations != null) part.citations = chunk.citations;
          part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
          texts.delete(chunk.id);
          break;
        }
        case 'reasoning-start': {
          const part = {
            type: 'reasoning',
            id: chunk.id,
            text: '',
            providerMetadata: chunk.providerMetadata,
            state: 'streaming',
          } as ReasoningPart;
          reasonings.set(chunk.id, part);
          parts.push(part);
          break;
        }
        case 'reasoning-delta': {
          const part = reasonings.get(chunk.id);
          if (!part) return missing(chunk);
          part.text += chunk.delta;
          part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
          break;
        }
        case 'reasoning-end': {
          const part = reasonings.get(chunk.id);
          if (!part) return missing(chunk);
          part.providerMetadata = chunk.providerMetadata ?? part.providerMetadata;
          part.state = 'done';
          reasonings.delete(chunk.id);
          break;
        }
        case 'start-step':
          parts.push({ type: 'step-start' });
          break;
        case 'reset-step': {
          // The step is retried: its parts go, as in the SDK (which also forgets open tool calls,
          // rebuilt from the parts on its next chunk).
          const stepStart = parts.findLastIndex((part) => part.type === 'step-start');
          parts.splice(stepStart + 1);
          texts = new Map();
          reasonings = new Map();
          break;
        }
        // The message's id and metadata are not stored from the stream; an error is the caller's.
        case 'start':
        case 'finish':
        case 'finish-step':
        case 'message-metadata':
        case 'abort':
        case 'error':
          return;
        default:
          changed = true;
          return viaSdk(chunk);
      }
      changed = true;
    },
  };
}
