/**
 * Runs the provider stand-ins and the S3 stand-in until Ctrl-C:
 *
 *   node packages/provider-fakes/src/cli.ts    (PORT, default 4010; S3_PORT, default PORT+1; WHATSAPP_PORT,
 *                                              default PORT+2, or any free port when PORT=0; HOST, default 127.0.0.1)
 *
 * and prints the variables that point the server's AI SDK providers and its file store at them.
 */
import { startS3Fake } from './s3/s3-fake.ts';
import { startProviderFakes } from './server.ts';
import { startGraphFake } from './whatsapp/graph-fake.ts';

const port = Number(process.env.PORT ?? 4010);
const host = process.env.HOST ?? '127.0.0.1';
/** PORT=0 (benchmarks, several at once) means any free port for each stand-in, not ports 1 and 2. */
const beside = (offset: number) => (port === 0 ? 0 : port + offset);
const fakes = await startProviderFakes({ port, host });
const s3 = await startS3Fake({ port: Number(process.env.S3_PORT ?? beside(1)), host, buckets: ['polymath'] });
const graph = await startGraphFake({
  port: Number(process.env.WHATSAPP_PORT ?? beside(2)),
  host,
  ...(process.env.WHATSAPP_WEBHOOK ? { webhook: process.env.WHATSAPP_WEBHOOK } : {}),
});
const graphEnv = Object.entries(graph.env())
  .map(([name, value]) => `  ${name}=${value}`)
  .join('\n');
const s3Env = Object.entries(s3.env())
  .map(([name, value]) => `  ${name}=${value}`)
  .join('\n');

console.log(`Provider stand-ins listening on ${fakes.url}

  OPENAI_BASE_URL=${fakes.baseUrls.openai}
  ANTHROPIC_BASE_URL=${fakes.baseUrls.anthropic}
  GOOGLE_GENERATIVE_AI_BASE_URL=${fakes.baseUrls.google}
  DEEPSEEK_BASE_URL=${fakes.baseUrls.deepseek}
  XAI_BASE_URL=${fakes.baseUrls.xai}

Any API key works (it only has to be there). Script an answer with a directive in the last user message,
e.g. [[fake tokens=40 pace=50]], [[fake text="Hi there" reasoning=3]], [[fake drop=5]], [[fake fail]], [[fake hang]],
[[fake tool=generate_image args={"prompt":"a fox"}]] (with tools offered and no directive, the first tool is called),
or over HTTP: POST ${fakes.url}/__control/script {"dropAfter":3}; counts at GET ${fakes.url}/__control/calls.
Images (OpenAI and xAI /v1/images/*, Gemini image output): [[fake-image delay=3000]], [[fake-image status=500]],
[[fake-image refuse]], [[fake-image malformed=json|image]], [[fake-image hang]], [[fake-image url]] in the prompt,
or POST ${fakes.url}/__control/image-script {"delayMs":3000}.

S3 stand-in (bucket "polymath", in memory, gone when this stops) listening on ${s3.url}

${s3Env}

WhatsApp Cloud API stand-in (templates: polymath_link_code) listening on ${graph.url}
Statuses of sent messages are delivered to WHATSAPP_WEBHOOK when it is set (e.g. http://localhost:3000/api/whatsapp/webhook).

${graphEnv}`);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) process.exit(1);
    closing = true;
    void Promise.all([fakes.close(), s3.close(), graph.close()]).then(() => process.exit(0));
  });
}
