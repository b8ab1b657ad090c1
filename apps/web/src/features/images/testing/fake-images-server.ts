import type { ErrorCode, ImageItem, ImageUsage } from '@polymath/shared';
import { http } from 'msw';

export type StoredImage = ImageItem & { owner: string; deleted?: boolean };

let sequence = 0;

/** A ready image of user u1 from the image generator; tests override what they need. */
export function makeImage(overrides: Partial<StoredImage> = {}): StoredImage {
  sequence += 1;
  const id = overrides.id ?? `img${sequence}`;
  const status = overrides.status ?? 'ready';
  const base = `/api/images/${id}/file`;
  return {
    id,
    owner: 'u1',
    status,
    prompt: `A lighthouse at dusk ${id}`,
    style: null,
    aspectRatio: '1:1',
    modelId: 'gpt-image-1',
    modelName: 'GPT Image 1',
    demo: false,
    toolId: 'image-generator',
    threadId: 't1',
    answerId: 'a1',
    parentId: null,
    width: status === 'ready' ? 1024 : null,
    height: status === 'ready' ? 1024 : null,
    mediaType: status === 'ready' ? 'image/png' : null,
    createdAt: new Date(Date.UTC(2026, 2, 15, 12, 0, sequence)).toISOString(),
    urls:
      status === 'ready' ? { original: base, thumb: `${base}?variant=thumb`, download: `${base}?download=1` } : null,
    error: null,
    ...overrides,
  };
}

/** Moves an image along as its job would (queued → generating → ready or failed). */
export function settle(
  image: StoredImage,
  status: 'generating' | 'ready' | 'failed',
  errorCode: ErrorCode = 'IMAGE_FAILED',
): void {
  const base = `/api/images/${image.id}/file`;
  image.status = status;
  if (status === 'ready') {
    Object.assign(image, {
      width: 1024,
      height: 1024,
      mediaType: 'image/png',
      urls: { original: base, thumb: `${base}?variant=thumb`, download: `${base}?download=1` },
    });
  }
  if (status === 'failed') image.error = { code: errorCode, message: 'The server text.' };
}

/**
 * A small in-memory /api/images with the server's rules: only the session's person's images,
 * newest first in keyset pages (the cursor is an offset here), by tool or by answer, soft delete
 * with restore, variations for Pro only, and the day's usage.
 */
export class FakeImagesServer {
  images: StoredImage[] = [];
  /** Who the session cookie says is asking (null: signed out). */
  session: string | null = 'u1';
  proUsers = new Set<string>();
  usage: ImageUsage = { used: 0, limit: 100, remaining: 100, resetsAt: '2026-03-16T00:00:00.000Z' };
  pageSize = 3;
  failLists = false;
  requests: { method: string; url: URL; body?: unknown }[] = [];
  /** Runs before every GET is answered: lets a test move jobs along between polls. */
  beforeGet: ((url: URL) => void) | null = null;

  readonly handler = http.all(/\/api\/images(\/|$|\?)/, ({ request }) => this.handle(request));

  requestsTo(method: string, pathname: string | RegExp) {
    return this.requests.filter(
      (r) =>
        r.method === method &&
        (typeof pathname === 'string' ? r.url.pathname === pathname : pathname.test(r.url.pathname)),
    );
  }

  private visible(): StoredImage[] {
    return this.images
      .filter((i) => i.owner === this.session && !i.deleted)
      .sort((a, b) =>
        a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt),
      );
  }

  private async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.json().catch(() => undefined) : undefined;
    this.requests.push({ method: request.method, url, body });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    const fail = (status: number, code: string) => json(status, { error: { code, message: code } });
    if (!this.session) return fail(401, 'UNAUTHORIZED');
    if (request.method === 'GET') this.beforeGet?.(url);

    const clean = ({ owner: _o, deleted: _d, ...image }: StoredImage): ImageItem => image;
    const [, , , id, action] = url.pathname.split('/');
    if (url.pathname === '/api/images' && request.method === 'GET') {
      if (this.failLists) return fail(500, 'INTERNAL_ERROR');
      const toolId = url.searchParams.get('toolId');
      const answerId = url.searchParams.get('answerId');
      const limit = Number(url.searchParams.get('limit') ?? this.pageSize);
      // The page size stands in for the server's default; a caller's own limit is kept.
      const rows = this.visible()
        .filter((i) => !toolId || i.toolId === toolId)
        .filter((i) => !answerId || i.answerId === answerId);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const size = url.searchParams.has('limit') ? limit : this.pageSize;
      const page = rows.slice(start, start + size);
      return json(200, {
        images: page.map(clean),
        nextCursor: start + size < rows.length ? String(start + size) : null,
      });
    }
    if (id === 'usage' && request.method === 'GET') return json(200, this.usage);
    if (request.method === 'POST' && action === 'restore') {
      const found = this.images.find((i) => i.id === id && i.owner === this.session && i.deleted);
      if (!found) return fail(404, 'NOT_FOUND');
      found.deleted = false;
      return json(200, clean(found));
    }
    const found = this.visible().find((i) => i.id === id);
    if (!found) return fail(404, 'NOT_FOUND');
    if (request.method === 'GET' && !action) return json(200, clean(found));
    if (request.method === 'DELETE') {
      found.deleted = true;
      return new Response(null, { status: 204 });
    }
    if (request.method === 'POST' && action === 'variations') {
      if (!this.proUsers.has(this.session)) return fail(403, 'TOOL_REQUIRES_PRO');
      const count = (body as { count?: number } | undefined)?.count ?? 2;
      const latest = this.images.reduce((max, i) => (i.createdAt > max ? i.createdAt : max), found.createdAt);
      const made = Array.from({ length: count }, (_, n) =>
        makeImage({
          status: 'queued',
          owner: this.session ?? '',
          prompt: found.prompt,
          toolId: found.toolId,
          threadId: found.threadId,
          answerId: found.answerId,
          aspectRatio: found.aspectRatio,
          parentId: found.id,
          createdAt: new Date(Date.parse(latest) + 1000 * (n + 1)).toISOString(),
        }),
      );
      this.images.push(...made);
      return json(201, { images: made.map(clean), nextCursor: null });
    }
    return fail(405, 'METHOD_NOT_ALLOWED');
  }
}
