/**
 * How many bytes of log lines may wait for a slow reader of stdout; past that, lines are dropped
 * (and counted) rather than held. About five thousand request lines.
 */
export const LOG_BUFFER_BYTES = 1024 * 1024;

/** What a log destination needs of a stream: Node's process.stdout, or a stand-in in a test. */
export type LogStream = {
  write(chunk: string): boolean;
  readonly writableLength: number;
  readonly destroyed?: boolean;
  on(event: 'drain', listener: () => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
};

/** How often flush looks whether the reader has taken what waits. */
const FLUSH_POLL_MS = 10;

export type LogDestination = {
  /** pino's one method: hands a line to the stream, or drops it; never waits. */
  write(line: string): void;
  /** How many lines were dropped since the start. */
  dropped(): number;
  /**
   * Resolves once what waits has been handed to the reader, or after `ms`, whichever comes first:
   * for a clean exit, which must not hang on a reader that stopped reading.
   */
  flush(ms: number): Promise<void>;
};

/**
 * Log lines to a stream without ever blocking the event loop (decision 025). pino's own stdout
 * writer retries a write that fails with EAGAIN forever and flushes synchronously on exit, so a
 * pipe nobody drains (a stalled log collector, a parent that stopped reading) froze requests and
 * shutdown alike. Here a line goes to Node's stream for stdout (for a pipe, libuv writes it when the
 * pipe has room, without a thread or a wait); while more than `maxBuffered` bytes wait, new lines
 * are dropped and counted, and once the reader catches up one line says how many were lost. A
 * reader that has gone (EPIPE) ends the logging: every later line is dropped.
 */
export function createLogDestination(stream: LogStream, maxBuffered = LOG_BUFFER_BYTES): LogDestination {
  let dropped = 0;
  let unreported = 0;
  let gone = false;

  const drop = () => {
    dropped++;
    unreported++;
  };
  const send = (line: string) => {
    try {
      stream.write(line);
    } catch {
      // A stream that throws on write (destroyed) counts as gone.
      gone = true;
    }
  };

  /** Once the reader has caught up: one line says how many lines it missed. */
  const report = () => {
    if (unreported === 0 || gone) return;
    const fields = { level: 40, time: Date.now(), service: 'polymath', dropped: unreported };
    unreported = 0;
    send(`${JSON.stringify({ ...fields, msg: 'log lines were dropped: the reader of stdout was too slow' })}\n`);
  };

  stream.on('error', () => {
    gone = true;
  });
  stream.on('drain', report);

  return {
    write(line) {
      if (gone || stream.destroyed) {
        gone = true;
        drop();
        return;
      }
      if (stream.writableLength + line.length > maxBuffered) {
        drop();
        return;
      }
      if (stream.writableLength === 0) report();
      send(line);
    },
    dropped: () => dropped,
    async flush(ms) {
      const until = Date.now() + ms;
      while (!gone && stream.writableLength > 0 && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, FLUSH_POLL_MS));
      }
    },
  };
}

let stdout: LogDestination | undefined;

/** The process's one destination on stdout (its listeners are added once). */
export function stdoutDestination(): LogDestination {
  stdout ??= createLogDestination(process.stdout);
  return stdout;
}
