/** What every benchmark gets from bench/run.ts: its options and the shared provider stand-ins. */
import type { FakesProcess } from './fakes.ts';
import type { BenchReport } from './results.ts';

export type Options = {
  smoke: boolean;
  /** PostgreSQL URL for our server (PGlite in a temp DATA_DIR otherwise). */
  postgres?: string;
  /** B1: requests per path; B12: images per path (dispatch). */
  requests?: number;
  /** B2: streams per path. */
  runs?: number;
  /** B3: concurrent streams per side. */
  streams?: number;
  /** B3: streams opened per second while ramping up. */
  ramp?: number;
  /** B3: seconds after the last stream should have ended before the ones still running are cut. */
  grace?: number;
  /** B3: rounds (ours, bare) alternated; B12: rounds of (no jobs, jobs running). */
  rounds?: number;
  /** B12: image jobs running in the loaded phase. */
  jobs?: number;
  /** B12: ms the image stand-in takes to answer. */
  delay?: number;
  /** B12: chat requests per phase. */
  samples?: number;
  /** B15: messages and pictures of the exported account; B16: messages seeded. */
  messages?: number;
  /** B16: people seeded. */
  people?: number;
  images?: number;
  /** B3: our server as 1 and as N instances behind nginx (PostgreSQL + Redis) instead of one process against the bare server. */
  instances?: number;
  /** B2/B3: tokens per answer and ms between them. */
  tokens?: number;
  pace?: number;
};

export type Context = { options: Options; fakes: FakesProcess };

export type Bench = {
  id: string;
  name: string;
  aliases: string[];
  run(ctx: Context): Promise<BenchReport>;
};
