/**
 * The provider stand-ins (packages/provider-fakes) in their own process, so the client, the stand-ins
 * and the server under test do not share one event loop.
 */
import { type Child, startChild } from './procs.ts';

export type FakesProcess = { url: string; openaiBaseUrl: string; child: Child; stop(): Promise<void> };

export async function startFakes(): Promise<FakesProcess> {
  const child = startChild('provider stand-ins', 'packages/provider-fakes/src/cli.ts', {
    PORT: '0',
    // Left out, these default to PORT+1 and PORT+2: ports 1 and 2, which two benches running at once share.
    S3_PORT: '0',
    WHATSAPP_PORT: '0',
    HOST: '127.0.0.1',
  });
  const [, url] = await child.waitFor(/listening on (http:\/\/\S+)/);
  if (!url) throw new Error('the provider stand-ins printed no URL');
  return { url, openaiBaseUrl: `${url}/openai/v1`, child, stop: () => child.stop() };
}

/** The request body the AI SDK's OpenAI chat model sends (system prompt, user message, streaming). */
export function chatCompletionsBody(text: string, model = 'gpt-4o-mini'): string {
  return JSON.stringify({
    model,
    messages: [
      {
        role: 'system',
        content:
          "You are Polymath, a helpful assistant in a consumer chat app. Answer in the language of the user's message. Use Markdown where it helps: lists, tables, code blocks, and LaTeX between $…$ or $$…$$ for maths.",
      },
      { role: 'user', content: text },
    ],
    stream: true,
    stream_options: { include_usage: true },
  });
}
