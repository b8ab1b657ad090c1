import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs to stdout; secrets are redacted wherever they might be logged by mistake. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'polymath' },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.secret', '*.token'],
      censor: '[redacted]',
    },
  });
}
