import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import type { Locale } from '@polymath/shared';

/**
 * The offline demo model: on a fresh machine with no provider key, the chat still works end to end
 * (threads, streaming, credits, resume) and says plainly that it is a demo. It never pretends to
 * be an AI: it explains how to connect a real provider and repeats what it was asked.
 */
export const DEMO_MODEL_ID = 'demo';

const TOKEN_PACE_MS = 25;

/**
 * What the demo does in one turn when a tool gives it a script: the function to call for the
 * message (if the model was offered it) and the text to write once the results are back.
 */
export type DemoTurnScript = {
  call?(text: string): { name: string; input: unknown } | null;
  answer?(text: string, results: { name: string; output: unknown }[]): string;
};

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

/** The results of the function calls since the person's last message (the step the demo is answering). */
function pendingResults(options: LanguageModelV4CallOptions): { name: string; output: unknown }[] | null {
  const last = options.prompt[options.prompt.length - 1];
  if (last?.role !== 'tool') return null;
  const results: { name: string; output: unknown }[] = [];
  for (let i = options.prompt.length - 1; i >= 0; i--) {
    const message = options.prompt[i];
    if (message?.role !== 'tool') break;
    for (const part of message.content) {
      if (part.type !== 'tool-result') continue;
      const output = part.output;
      results.unshift({
        name: part.toolName,
        output: output.type === 'json' || output.type === 'text' ? output.value : output,
      });
    }
  }
  return results;
}

/**
 * What the demo produces for this step: a function call (when its script asks for one and the
 * model was offered that function), or the text of its answer.
 */
function plan(options: LanguageModelV4CallOptions, locale: Locale, script: DemoTurnScript | undefined) {
  const question = lastUserText(options);
  const results = pendingResults(options);
  if (!results && script?.call && options.tools?.some((t) => t.type === 'function')) {
    const call = script.call(question);
    if (call && options.tools.some((t) => t.type === 'function' && t.name === call.name)) {
      return { kind: 'call' as const, call };
    }
  }
  const text = script?.answer ? script.answer(question, results ?? []) : demoAnswer(question, locale);
  return { kind: 'text' as const, text };
}

let callCounter = 0;
function callId(): string {
  callCounter += 1;
  return `demo-call-${Date.now().toString(36)}-${callCounter}`;
}

export function demoAnswer(question: string, locale: Locale = 'en'): string {
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

/**
 * The demo model. `locale` is the person's language; `script` is the tool's demo behaviour for this
 * turn (calls its functions like a real model would, so a tool works end to end with no key).
 */
export function createDemoModel(turn: { locale?: Locale; script?: DemoTurnScript } = {}): LanguageModelV4 {
  const locale = turn.locale ?? 'en';
  const usage = (output: number) => ({
    inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  });
  return {
    specificationVersion: 'v4',
    provider: 'demo',
    modelId: DEMO_MODEL_ID,
    supportedUrls: {},
    async doGenerate(callOptions) {
      const step = plan(callOptions, locale, turn.script);
      const content: LanguageModelV4Content[] =
        step.kind === 'call'
          ? [
              {
                type: 'tool-call',
                toolCallId: callId(),
                toolName: step.call.name,
                input: JSON.stringify(step.call.input),
              },
            ]
          : [{ type: 'text', text: step.text }];
      return {
        content,
        finishReason:
          step.kind === 'call' ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' },
        usage: usage(step.kind === 'call' ? 1 : tokens(step.text).length),
        warnings: [],
      };
    },
    async doStream(callOptions) {
      const step = plan(callOptions, locale, turn.script);
      if (step.kind === 'call') {
        const call: LanguageModelV4StreamPart = {
          type: 'tool-call',
          toolCallId: callId(),
          toolName: step.call.name,
          input: JSON.stringify(step.call.input),
        };
        const stream = new ReadableStream<LanguageModelV4StreamPart>({
          start(controller) {
            controller.enqueue({ type: 'stream-start', warnings: [] });
            controller.enqueue(call);
            controller.enqueue({
              type: 'finish',
              finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
              usage: usage(1),
            });
            controller.close();
          },
        });
        return { stream };
      }
      const options = callOptions;
      const parts = tokens(step.text);
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
