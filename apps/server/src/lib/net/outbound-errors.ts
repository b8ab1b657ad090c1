/**
 * What an outbound fetch can end in besides a response. `OutboundRefused` is the guard saying no (a
 * policy decision, never retried); `OutboundFailed` is the network or the far side failing.
 */

export type RefusalReason =
  /** Not an absolute http(s) URL. */
  | 'bad-url'
  | 'scheme'
  /** user:password in the URL, or a Cookie/Authorization header to a host the operator did not configure. */
  | 'credentials'
  | 'private-address'
  | 'metadata-address'
  | 'too-many-redirects'
  | 'too-large'
  /** The response's media type is not one the caller accepts. */
  | 'content-type';

export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  readonly reason: RefusalReason;
  /** The URL (or hop of a redirect chain) that was refused. */
  readonly url: string;
  /** Node's net layer reads `code` from errors a lookup hands back. */
  readonly code = 'EOUTBOUNDREFUSED';

  constructor(reason: RefusalReason, url: string, detail?: string) {
    super(`Outbound request refused (${reason}): ${detail ?? url}`);
    this.reason = reason;
    this.url = url;
  }
}

export type FailureReason = 'timeout' | 'dns' | 'network';

export class OutboundFailed extends Error {
  override name = 'OutboundFailed';
  readonly reason: FailureReason;
  readonly url: string;

  constructor(reason: FailureReason, url: string, options?: { cause?: unknown; detail?: string }) {
    super(`Outbound request failed (${reason}): ${options?.detail ?? url}`, { cause: options?.cause });
    this.reason = reason;
    this.url = url;
  }
}
