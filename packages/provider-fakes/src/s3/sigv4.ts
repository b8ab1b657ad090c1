/**
 * AWS Signature Version 4 as S3 checks it, for the stand-in: the Authorization header (what the SDK
 * sends) and query-string authentication (presigned URLs, what a browser fetches). The canonical
 * request and string to sign follow AWS's published algorithm; S3's variant encodes the path once.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { accessDenied, invalidArgument, notImplemented, S3FakeError } from './s3-errors.ts';

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';
/** S3 refuses header-signed requests whose time is further than this from its clock. */
export const MAX_SKEW_MS = 15 * 60_000;
/** The longest a presigned URL may live: 7 days. */
export const MAX_PRESIGN_SECONDS = 604_800;

export type QueryPair = [name: string, value: string];

export type SignedRequest = {
  method: string;
  /** The path as sent, still percent-encoded. */
  rawPath: string;
  /** Decoded query parameters in the order sent. */
  query: QueryPair[];
  headers: IncomingHttpHeaders;
};

export type VerifyOptions = {
  region: string;
  /** Milliseconds since the epoch, by the stand-in's clock. */
  now: number;
  /** The secret of an access key id, or undefined when the key is unknown. */
  secretOf: (accessKeyId: string) => string | undefined;
};

export type Verified =
  | { kind: 'anonymous' }
  | {
      kind: 'header' | 'query';
      accessKeyId: string;
      /** The payload hash the signature covers: a hex SHA-256 the body must match, or UNSIGNED-PAYLOAD. */
      payloadHash: string;
    };

/** RFC 3986 percent-encoding as SigV4 wants it: everything but A–Z a–z 0–9 - _ . ~ (and '/' when kept). */
export function uriEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `a=1&b&c=%2F` → [['a','1'],['b',''],['c','/']]; '+' stays a plus (S3 clients encode spaces as %20). */
export function parseQuery(raw: string): QueryPair[] {
  return raw
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? [decode(part), ''] : [decode(part.slice(0, eq)), decode(part.slice(eq + 1))];
    });
}

export function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decode(segment)))
    .join('/');
}

export function canonicalQuery(query: QueryPair[]): string {
  return query
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

export function canonicalRequest(
  request: SignedRequest,
  signedHeaders: string[],
  payloadHash: string,
  query: QueryPair[],
) {
  return [
    request.method,
    canonicalUri(request.rawPath),
    canonicalQuery(query),
    signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}\n`).join(''),
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
}

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

/** `20260102T030405Z` → epoch milliseconds, or NaN. */
export function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

type Parsed = {
  kind: 'header' | 'query';
  accessKeyId: string;
  scope: { date: string; region: string; service: string; terminator: string };
  amzDate: string;
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  /** The query the signature covers (a presigned URL's X-Amz-Signature is left out). */
  signedQuery: QueryPair[];
};

/**
 * Checks a request's signature the way S3 does and says who sent it; throws S3's error otherwise
 * (SignatureDoesNotMatch, expired or not yet valid presigned URLs, clock skew, unknown keys, a
 * wrong region in the credential scope, x-amz-* headers left unsigned). A request without any
 * signature is anonymous; the caller decides what anonymous may do.
 */
export function verifySigV4(request: SignedRequest, options: VerifyOptions): Verified {
  const authorization = headerValue(request.headers, 'authorization');
  const presigned = request.query.some(([name]) => name === 'X-Amz-Algorithm');
  if (authorization && presigned) {
    throw invalidArgument(
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
      'Authorization',
      authorization,
    );
  }
  if (!authorization && !presigned) return { kind: 'anonymous' };
  const parsed = authorization
    ? parseAuthorizationHeader(request, authorization)
    : parsePresignedQuery(request, options);

  const { scope } = parsed;
  if (scope.date !== parsed.amzDate.slice(0, 8) || scope.service !== 's3' || scope.terminator !== 'aws4_request') {
    throw malformedCredential(parsed.kind, `the credential scope '${Object.values(scope).join('/')}' is invalid`);
  }
  if (scope.region !== options.region) {
    throw malformedCredential(
      parsed.kind,
      `the region '${scope.region}' is wrong; expecting '${options.region}'`,
      options.region,
    );
  }
  if (!parsed.signedHeaders.includes('host')) {
    throw accessDenied('There were headers present in the request which were not signed', { HeadersNotSigned: 'host' });
  }
  const unsigned = Object.keys(request.headers).filter(
    (name) => name.startsWith('x-amz-') && !parsed.signedHeaders.includes(name),
  );
  if (unsigned.length > 0) {
    throw accessDenied('There were headers present in the request which were not signed', {
      HeadersNotSigned: unsigned.join(', '),
    });
  }
  const secret = options.secretOf(parsed.accessKeyId);
  if (secret === undefined) {
    throw new S3FakeError(
      403,
      'InvalidAccessKeyId',
      'The AWS Access Key Id you provided does not exist in our records.',
      {
        AWSAccessKeyId: parsed.accessKeyId,
      },
    );
  }
  const canonical = canonicalRequest(request, parsed.signedHeaders, parsed.payloadHash, parsed.signedQuery);
  const stringToSign = [
    SIGV4_ALGORITHM,
    parsed.amzDate,
    `${scope.date}/${scope.region}/${scope.service}/${scope.terminator}`,
    sha256Hex(canonical),
  ].join('\n');
  const expected = createHmac('sha256', signingKey(secret, scope.date, scope.region, scope.service))
    .update(stringToSign)
    .digest();
  const given = /^[0-9a-f]{64}$/.test(parsed.signature) ? Buffer.from(parsed.signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3FakeError(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      { AWSAccessKeyId: parsed.accessKeyId, StringToSign: stringToSign, CanonicalRequest: canonical },
    );
  }
  if (parsed.kind === 'header' && Math.abs(parseAmzDate(parsed.amzDate) - options.now) > MAX_SKEW_MS) {
    throw new S3FakeError(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
      {
        RequestTime: parsed.amzDate,
        ServerTime: isoSeconds(options.now),
        MaxAllowedSkewMilliseconds: String(MAX_SKEW_MS),
      },
    );
  }
  return { kind: parsed.kind, accessKeyId: parsed.accessKeyId, payloadHash: parsed.payloadHash };
}

function malformedCredential(kind: 'header' | 'query', problem: string, region?: string): S3FakeError {
  const fields = region ? { Region: region } : undefined;
  return kind === 'header'
    ? new S3FakeError(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; ${problem}`, fields)
    : new S3FakeError(
        400,
        'AuthorizationQueryParametersError',
        `Error parsing the X-Amz-Credential parameter; ${problem}`,
        fields,
      );
}

function parseScope(credential: string) {
  const [accessKeyId = '', date = '', region = '', service = '', terminator = ''] = credential.split('/');
  return { accessKeyId, scope: { date, region, service, terminator } };
}

function parseAuthorizationHeader(request: SignedRequest, authorization: string): Parsed {
  const space = authorization.indexOf(' ');
  const algorithm = space < 0 ? authorization : authorization.slice(0, space);
  if (algorithm === 'AWS') {
    throw new S3FakeError(
      400,
      'InvalidRequest',
      'The authorization mechanism you have provided is not supported. Please use AWS4-HMAC-SHA256.',
    );
  }
  if (algorithm !== SIGV4_ALGORITHM) {
    throw invalidArgument('Unsupported Authorization Type', 'Authorization', authorization);
  }
  const components = new Map(
    authorization
      .slice(space + 1)
      .split(',')
      .map((part) => {
        const eq = part.indexOf('=');
        return [part.slice(0, eq).trim(), part.slice(eq + 1).trim()] as const;
      }),
  );
  for (const name of ['Credential', 'SignedHeaders', 'Signature']) {
    if (!components.get(name)) {
      throw new S3FakeError(
        400,
        'AuthorizationHeaderMalformed',
        `The authorization header is malformed; missing ${name}.`,
      );
    }
  }
  const amzDate = headerValue(request.headers, 'x-amz-date');
  if (Number.isNaN(parseAmzDate(amzDate))) {
    throw accessDenied('AWS authentication requires a valid Date or x-amz-date header');
  }
  const payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
  if (!payloadHash) {
    throw new S3FakeError(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  }
  if (payloadHash.startsWith('STREAMING-')) throw notImplemented('x-amz-content-sha256');
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && !/^[0-9a-f]{64}$/.test(payloadHash)) {
    throw invalidArgument(
      'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-AWS4-HMAC-SHA256-PAYLOAD, or a valid sha256 value.',
      'x-amz-content-sha256',
      payloadHash,
    );
  }
  const { accessKeyId, scope } = parseScope(components.get('Credential') ?? '');
  return {
    kind: 'header',
    accessKeyId,
    scope,
    amzDate,
    signedHeaders: (components.get('SignedHeaders') ?? '').split(';'),
    signature: components.get('Signature') ?? '',
    payloadHash,
    signedQuery: request.query,
  };
}

function parsePresignedQuery(request: SignedRequest, options: VerifyOptions): Parsed {
  const param = (name: string) => request.query.find(([n]) => n === name)?.[1];
  const required = [
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Signature',
    'X-Amz-Date',
    'X-Amz-SignedHeaders',
    'X-Amz-Expires',
  ];
  if (required.some((name) => param(name) === undefined)) {
    throw new S3FakeError(
      400,
      'AuthorizationQueryParametersError',
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  if (param('X-Amz-Algorithm') !== SIGV4_ALGORITHM) {
    throw new S3FakeError(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  }
  const amzDate = param('X-Amz-Date') ?? '';
  const signedAt = parseAmzDate(amzDate);
  if (Number.isNaN(signedAt)) {
    throw new S3FakeError(
      400,
      'AuthorizationQueryParametersError',
      "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"",
    );
  }
  const expiresText = param('X-Amz-Expires') ?? '';
  const expires = /^\d+$/.test(expiresText) ? Number(expiresText) : Number.NaN;
  if (Number.isNaN(expires)) {
    throw new S3FakeError(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires should be a number');
  }
  if (expires > MAX_PRESIGN_SECONDS) {
    throw new S3FakeError(
      400,
      'AuthorizationQueryParametersError',
      'X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires must be less than 604800 seconds',
    );
  }
  if (signedAt - options.now > MAX_SKEW_MS) throw accessDenied('Request is not valid yet');
  const expiresAt = signedAt + expires * 1000;
  if (options.now > expiresAt) {
    throw accessDenied('Request has expired', {
      'X-Amz-Expires': expiresText,
      Expires: isoSeconds(expiresAt),
      ServerTime: isoSeconds(options.now),
    });
  }
  const { accessKeyId, scope } = parseScope(param('X-Amz-Credential') ?? '');
  return {
    kind: 'query',
    accessKeyId,
    scope,
    amzDate,
    signedHeaders: (param('X-Amz-SignedHeaders') ?? '').split(';'),
    signature: param('X-Amz-Signature') ?? '',
    payloadHash: param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    signedQuery: request.query.filter(([name]) => name !== 'X-Amz-Signature'),
  };
}
