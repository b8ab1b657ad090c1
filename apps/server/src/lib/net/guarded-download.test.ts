/**
 * The AI SDK's downloads go through the outbound guard: a file a chat message points at by URL is
 * fetched by us only when the model cannot read the URL itself, and then never from a private address.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { generateText } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedDownload } from './guarded-download.ts';
import { createOutboundGuard, operatorHost } from './guarded-fetch.ts';
import { OutboundRefused } from './outbound-errors.ts';

let server: Server;
let origin: string;
const hits: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '/');
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model that reads no URLs itself (like most providers for files), recording the prompt it got. */
function modelSeeing(prompts: LanguageModelV4CallOptions['prompt'][]) {
  return new MockLanguageModelV4({
    supportedUrls: {},
    doGenerate: async (options) => {
      prompts.push(options.prompt);
      return {
        content: [{ type: 'text', text: 'ok' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
  });
}

function askAbout(url: string) {
  return [
    {
      role: 'user' as const,
      content: [
        { type: 'text' as const, text: 'What is in this picture?' },
        { type: 'file' as const, data: new URL(url), mediaType: 'image/png' },
      ],
    },
  ];
}

describe('createGuardedDownload', () => {
  it('refuses a private address the model would otherwise have been handed (the metadata service, loopback)', async () => {
    const download = createGuardedDownload();
    for (const url of ['http://169.254.169.254/latest/meta-data/', `${origin}/secret.png`]) {
      await expect(download([{ url: new URL(url), isUrlSupportedByModel: false }])).rejects.toBeInstanceOf(
        OutboundRefused,
      );
    }
    expect(hits).toEqual([]);
  });

  it('leaves URLs the provider reads itself to the provider', async () => {
    const download = createGuardedDownload();
    expect(await download([{ url: new URL('http://169.254.169.254/x'), isUrlSupportedByModel: true }])).toEqual([null]);
  });

  it('in a model call, a message pointing at a private address fails the call and nothing is fetched', async () => {
    const prompts: LanguageModelV4CallOptions['prompt'][] = [];
    await expect(
      generateText({
        model: modelSeeing(prompts),
        messages: askAbout(`${origin}/private.png`),
        experimental_download: createGuardedDownload(),
        maxRetries: 0,
      }),
    ).rejects.toThrow(/refused/i);
    expect(prompts).toEqual([]);
    expect(hits).toEqual([]);
  });

  it('hands the model the bytes of a file at an allowed address (a guard with an operator allow-list, as tests use)', async () => {
    const guard = createOutboundGuard({ allowHosts: [operatorHost(origin)] });
    const prompts: LanguageModelV4CallOptions['prompt'][] = [];
    try {
      const result = await generateText({
        model: modelSeeing(prompts),
        messages: askAbout(`${origin}/allowed.png`),
        experimental_download: createGuardedDownload(guard.fetch),
        maxRetries: 0,
      });
      expect(result.text).toBe('ok');
    } finally {
      await guard.close();
    }
    expect(hits).toEqual(['/allowed.png']);
    const file = prompts[0]?.flatMap((m) => (m.role === 'user' ? m.content : [])).find((p) => p.type === 'file');
    const data = file?.type === 'file' && file.data.type === 'data' ? file.data.data : undefined;
    expect(data instanceof Uint8Array ? [...data] : data).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });
});
