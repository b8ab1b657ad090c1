import { IncomingMessage, type Server } from 'node:http';
import { createAdaptorServer, type Http2Bindings, type HttpBindings } from '@hono/node-server';

/**
 * The largest request body the server reads to its end, throwing it away, when the app answers
 * without having read it all (a 413, but also a 401, 403, 415 or 429 to an upload): well above
 * every upload limit (25 MB), so a file someone picked by mistake gets its clear answer (decision 023).
 */
export const MAX_UNREAD_BODY_BYTES = 64 * 1024 * 1024;

type Fetch = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/**
 * The app's HTTP/1.1 server (index.ts; tests that need a real socket).
 *
 * An answer to a request whose body has not all arrived waits until the rest has been read and
 * discarded: many clients read the answer only once they have sent everything, and a server that
 * answers and closes while they are still sending resets the connection (ECONNRESET, EPIPE) and the
 * answer is lost. A body larger than `maxUnreadBodyBytes` is not read on: its answer says
 * `Connection: close`, and the connection ends with it (decision 023).
 */
export function createHttpServer(
  fetch: Fetch,
  options: { hostname?: string; maxUnreadBodyBytes?: number } = {},
): Server {
  const maxUnread = options.maxUnreadBodyBytes ?? MAX_UNREAD_BODY_BYTES;
  return createAdaptorServer({
    hostname: options.hostname,
    fetch: async (request: Request, env: HttpBindings | Http2Bindings) => {
      const response = await fetch(request, env);
      const { incoming } = env;
      // HTTP/1.1 only: this server never speaks HTTP/2.
      if (!(incoming instanceof IncomingMessage) || incoming.complete) return response;
      if (await discardRest(incoming, maxUnread)) return response;
      return closingConnection(response);
    },
  }) as Server;
}

/**
 * Reads what is left of the request's body and throws it away. True once all of it has arrived;
 * false (and reading stops) when the body is over `maxBytes`, or the client went away.
 */
function discardRest(incoming: IncomingMessage, maxBytes: number): Promise<boolean> {
  if (Number(incoming.headers['content-length']) > maxBytes) return Promise.resolve(false);
  return new Promise((resolve) => {
    let discarded = 0;
    const done = (whole: boolean) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('close', onClose);
      incoming.off('error', onClose);
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > maxBytes) {
        incoming.pause();
        done(false);
      }
    };
    const onEnd = () => done(true);
    const onClose = () => done(false);
    // The app's reader of the body (a web stream over this request) would keep every byte from here
    // on in memory, unread: the rest goes to the counter alone.
    incoming.removeAllListeners('data');
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('close', onClose);
    incoming.once('error', onClose);
    incoming.resume();
  });
}

/** The answer, saying the connection ends with it. */
function closingConnection(response: Response): Response {
  try {
    response.headers.set('connection', 'close');
    return response;
  } catch {
    // Immutable headers (a response fetched from elsewhere): the same answer, new headers.
    const headers = new Headers(response.headers);
    headers.set('connection', 'close');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
