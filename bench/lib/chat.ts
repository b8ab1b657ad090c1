/** Requests to our server's POST /api/chat, as the web app sends them. */
import { randomBytes } from 'node:crypto';
import type { OurServer } from './server.ts';
import type { Session } from './session.ts';

/** A client id (8–64 of [A-Za-z0-9_-]) unique to this process. */
export function clientId(prefix: string): string {
  return `${prefix}-${randomBytes(9).toString('base64url')}`;
}

/** A new thread per request: the server answers one message at a time per thread. */
export function chatBody(text: string, modelId = 'gpt-4o-mini'): string {
  return JSON.stringify({
    trigger: 'submit-message',
    threadId: clientId('bt'),
    toolId: 'web-main',
    modelId,
    message: { id: clientId('bm'), role: 'user', parts: [{ type: 'text', text }] },
  });
}

export function chatHeaders(server: Pick<OurServer, 'url'>, session: Session): Record<string, string> {
  return { 'content-type': 'application/json', origin: server.url, cookie: session.cookie };
}

/** The user message that scripts the stand-in's answer: N default tokens ("… w1", " w2", …) `paceMs` apart. */
export function directive(tokens: number, paceMs: number): string {
  return `bench [[fake tokens=${tokens} pace=${paceMs}]]`;
}
