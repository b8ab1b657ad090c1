import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4StreamPart } from '@ai-sdk/provider';

/**
 * The offline demo model: on a fresh machine with no provider key, the chat still works end to end
 * (threads, streaming, credits, resume) and says plainly that it is a demo. It never pretends to
 * be an AI: it explains how to connect a real provider and repeats what it was asked.
 */
export const DEMO_MODEL_ID = 'demo';

const TOKEN_PACE_MS = 25;

function lastUserText(options: LanguageModelV4CallOptions): string {
  for (let i = options.prompt.length - 1; i >= 0; i--) {
    const message = options.prompt[i];
    if (message?.role !== 'user') continue;
    return message.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join(' ')
      .trim();
  }
  return '';
}

export function demoAnswer(question: string, locale: 'en' | 'tr' = 'en'): string {
  const quoted = question.length > 280 ? `${question.slice(0, 277)}…` : question;
  if (locale === 'tr') {
    return [
      '**Demo modu.** Bu yanıt gerçek bir yapay zekâdan değil, yerleşik çevrimdışı demodan geliyor.',
      '',
      `Sorduğunuz: _${quoted}_`,
      '',
      'Gerçek modellerle sohbet etmek için sunucuya bir sağlayıcı anahtarı ekleyin (ör. `OPENAI_API_KEY`) ve yeniden başlatın.',
    ].join('\n');
  }
  return [
    '**Demo mode.** This answer comes from the built-in offline demo, not from a real AI model.',
    '',
    `You asked: _${quoted}_`,
    '',
    'To chat with real models, add a provider key to the server (for example `OPENAI_API_KEY`) and restart it.',
    'Everything else works as it will then: your chats are saved, answers stream, and you can stop, edit and regenerate.',
  ].join('\n');
}

/** Splits text into word-sized deltas, keeping the spaces, so the answer streams like a model's. */
function tokens(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

export function createDemoModel(): LanguageModelV4 {
  const usage = (output: number) => ({
    inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  });
  return {
    specificationVersion: 'v4',
    provider: 'demo',
    modelId: DEMO_MODEL_ID,
    supportedUrls: {},
    async doGenerate(options) {
      const text = demoAnswer(lastUserText(options));
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(tokens(text).length),
        warnings: [],
      };
    },
    async doStream(options) {
      const parts = tokens(demoAnswer(lastUserText(options)));
      const signal = options.abortSignal;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't0' });
          let i = 0;
          const next = () => {
            if (signal?.aborted) return;
            const delta = parts[i++];
            if (delta === undefined) {
              controller.enqueue({ type: 'text-end', id: 't0' });
              controller.enqueue({
                type: 'finish',
                finishReason: { unified: 'stop', raw: 'stop' },
                usage: usage(parts.length),
              });
              controller.close();
              return;
            }
            controller.enqueue({ type: 'text-delta', id: 't0', delta });
            timer = setTimeout(next, TOKEN_PACE_MS);
          };
          signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            try {
              controller.error(signal.reason ?? new DOMException('Aborted', 'AbortError'));
            } catch {
              // already closed
            }
          });
          next();
        },
        cancel() {
          clearTimeout(timer);
        },
      });
      return { stream };
    },
  };
}
