/**
 * What reading one provider token costs at each layer of a plain answer's path, in CPU of one
 * process: N answers streamed at once from the provider stand-in (its own process), read by
 *
 * - `node:http`  — the response's bytes and nothing else (the floor of any server that proxies);
 * - `fetch`      — undici's fetch and its body stream, as the AI SDK calls the provider;
 * - `doStream`   — the AI SDK's OpenAI chat model: fetch, SSE parsing, JSON, validation, its parts;
 * - `model call` — what plain-answer.ts runs: the SDK's single model call and toUIMessageChunk.
 *
 * Our server's whole path per token (relay, response, socket writes, saving) is B3's "cpu per stream";
 * this splits off the part that is the provider's stream reading (decision 019).
 *
 *   node bench/lib/stream-layers.ts [--streams N] [--tokens T] [--pace MS] [--rounds R]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { createOpenAI } from '@ai-sdk/openai';
import { experimental_streamLanguageModelCall as streamLanguageModelCall, toUIMessageChunk } from 'ai';
import { directive } from './chat.ts';
import { chatCompletionsBody, startFakes } from './fakes.ts';

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '300' },
    tokens: { type: 'string', default: '64' },
    pace: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
  },
});
const streams = Number(values.streams);
const tokens = Number(values.tokens);
const pace = Number(values.pace);
const rounds = Number(values.rounds);

const fakes = await startFakes();
const url = new URL(`${fakes.openaiBaseUrl}/chat/completions`);
const text = directive(tokens, pace);
const body = chatCompletionsBody(text);
const headers = { 'content-type': 'application/json', authorization: 'Bearer bench' };
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const provider = createOpenAI({ apiKey: 'bench', baseURL: fakes.openaiBaseUrl });

/** Reads a web stream to its end; how many pieces it gave. */
async function piecesOf(stream: ReadableStream<unknown> | null): Promise<number> {
  if (!stream) return 0;
  const reader = stream.getReader();
  let pieces = 0;
  while (!(await reader.read()).done) pieces++;
  return pieces;
}

/** Each layer reads one whole answer and says how many pieces it got (to check it read them all). */
const layers: Record<string, () => Promise<number>> = {
  'node:http': () =>
    new Promise((resolve, reject) => {
      const request = http.request(url, { method: 'POST', agent, headers }, (response) => {
        let pieces = 0;
        response.on('data', () => pieces++);
        response.on('end', () => resolve(pieces));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    }),
  fetch: async () => {
    const response = await fetch(url, { method: 'POST', headers, body });
    return piecesOf(response.body);
  },
  doStream: async () => {
    const { stream } = await provider.chat('gpt-4o-mini').doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text }] }],
    });
    return piecesOf(stream);
  },
  'model call': async () => {
    const call = await streamLanguageModelCall({
      model: provider.chat('gpt-4o-mini'),
      messages: [{ role: 'user', content: text }],
    });
    let pieces = 0;
    for await (const part of call.stream) {
      if (part.type.startsWith('model-call')) continue;
      if (toUIMessageChunk(part as Parameters<typeof toUIMessageChunk>[0], { sendReasoning: true, onError: String }))
        pieces++;
    }
    return pieces;
  },
};

console.log(`${streams} answers at once, ${tokens} tokens ${pace} ms apart, from the stand-in (${fakes.url})`);
const perToken = new Map<string, number[]>();
try {
  for (let round = 0; round < rounds; round++) {
    for (const [name, read] of Object.entries(layers)) {
      await Promise.all(Array.from({ length: 20 }, read)); // warm-up: connections, JIT
      const before = process.cpuUsage();
      const pieces = await Promise.all(Array.from({ length: streams }, read));
      const cpu = process.cpuUsage(before);
      const micros = (cpu.user + cpu.system) / (streams * tokens);
      perToken.set(name, [...(perToken.get(name) ?? []), micros]);
      console.log(
        `round ${round + 1} ${name.padEnd(10)} ${micros.toFixed(1)} µs/token (${pieces[0]} pieces read per answer)`,
      );
    }
  }
} finally {
  await fakes.stop();
}
const floor = Math.min(...(perToken.get('node:http') ?? [Number.NaN]));
for (const [name, all] of perToken) {
  const best = Math.min(...all);
  console.log(`${name.padEnd(10)} best ${best.toFixed(1)} µs/token, ${(best / floor).toFixed(1)}× node:http`);
}
process.exit(0);
