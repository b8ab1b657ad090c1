import pino from 'pino';
import { stdoutDestination } from './log-destination.ts';

export type Logger = pino.Logger;

/**
 * JSON logs to stdout (or `destination`); secrets are redacted wherever they might be logged by
 * mistake. Writing a line never waits for the reader of stdout (log-destination.ts).
 */
export function createLogger(level: string, destination: pino.DestinationStream = stdoutDestination()): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'polymath' },
    serializers: { err: serializeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.secret', '*.token'],
      censor: '[redacted]',
    },
  };
  return pino(options, destination);
}

/** Drizzle's "Failed query: <sql>\nparams: <values>", in a message or the stack that repeats it. */
const PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/**
 * pino's error serializer, minus what a person typed: a failed query's parameters (a message, a
 * name, an email) and the database's `detail` ("Key (email)=(…) already exists") never reach the
 * log. The SQL text itself, with its placeholders, stays: it says which query failed.
 */
export function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as Record<string, unknown> | undefined;
  const scrub = (value: Record<string, unknown> | undefined, depth: number): void => {
    if (!value || typeof value !== 'object' || depth > 5) return;
    delete value.params;
    delete value.parameters;
    delete value.detail;
    for (const key of ['message', 'stack'] as const) {
      if (typeof value[key] === 'string') value[key] = (value[key] as string).replace(PARAMS, '');
    }
    scrub(value.cause as Record<string, unknown> | undefined, depth + 1);
  };
  scrub(out, 0);
  // The database's error code (23505, 22021, …) says what went wrong without any value.
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  if (out && typeof cause?.code === 'string') out.causeCode = cause.code;
  return out;
}
