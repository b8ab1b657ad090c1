import { escapeXml } from './s3-xml.ts';

/**
 * An S3 error answer: the HTTP status, S3's error code and message, and the extra elements S3 puts in
 * its <Error> body (Key, BucketName, StringToSign, …). Thrown anywhere in the stand-in, sent once.
 */
export class S3FakeError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

/** S3's error document: `<Error><Code/><Message/>…<RequestId/><HostId/></Error>` (no namespace). */
export function errorXml(error: S3FakeError, requestId: string, hostId: string): string {
  const fields = Object.entries(error.fields)
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escapeXml(error.code)}</Code><Message>${escapeXml(error.message)}</Message>${fields}` +
    `<RequestId>${requestId}</RequestId><HostId>${hostId}</HostId></Error>`
  );
}

// The errors the stand-in answers with, by S3's codes and wording.

export const accessDenied = (message = 'Access Denied', fields?: Record<string, string>) =>
  new S3FakeError(403, 'AccessDenied', message, fields);

export const noSuchBucket = (bucket: string) =>
  new S3FakeError(404, 'NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });

export const noSuchKey = (key: string) =>
  new S3FakeError(404, 'NoSuchKey', 'The specified key does not exist.', { Key: key });

export const invalidArgument = (message: string, name: string, value: string) =>
  new S3FakeError(400, 'InvalidArgument', message, { ArgumentName: name, ArgumentValue: value });

export const notImplemented = (what: string) =>
  new S3FakeError(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented', {
    Header: what,
  });

export const malformedXml = () =>
  new S3FakeError(
    400,
    'MalformedXML',
    'The XML you provided was not well-formed or did not validate against our published schema',
  );

export const methodNotAllowed = (method: string, resourceType: 'OBJECT' | 'BUCKET') =>
  new S3FakeError(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', {
    Method: method,
    ResourceType: resourceType,
  });

export const badDigest = (message: string) => new S3FakeError(400, 'BadDigest', message);

export const serviceFailure = (status: 500 | 503) =>
  status === 503
    ? new S3FakeError(503, 'SlowDown', 'Please reduce your request rate.')
    : new S3FakeError(500, 'InternalError', 'We encountered an internal error. Please try again.');
