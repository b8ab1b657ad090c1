import type { ChatToolId, Locale, Plan } from '@polymath/shared';
import type { ToolSet } from 'ai';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobSender } from '../../lib/queue/job.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import type { ImageModelRegistry } from '../images/image-models.ts';

/** What the platform lends a tool's functions for one turn. */
export type ToolServices = {
  db: Db;
  env: Env;
  files: FileStore;
  logger: Logger;
  /** Sends the slow work a function starts (its handler runs it later, see lib/queue). */
  jobs: JobSender;
  imageModels: ImageModelRegistry;
};

/** The turn a tool's functions run in: who asks, in which thread, for which answer. */
export type ToolTurn<I> = {
  services: ToolServices;
  toolId: ChatToolId;
  userId: string;
  plan: Plan;
  threadId: string;
  /** The answer being written (its message id); what a function makes belongs to it. */
  answerId: string;
  locale: Locale;
  input: I | undefined;
  now: Date;
  /** The message the person just sent (empty on a regenerate). */
  text: string;
};

/** A call the offline demo model makes for a message, like a real model would. */
export type DemoCall = { name: string; input: unknown };

/**
 * What the offline demo model does in a tool (there is no AI to decide): which function it calls
 * for a message, if any, and what it writes once the call came back (or instead of one).
 */
export type DemoScript<I> = {
  call?(args: { text: string; input: I | undefined; locale: Locale }): DemoCall | null;
  answer?(args: {
    text: string;
    input: I | undefined;
    locale: Locale;
    results: { name: string; output: unknown }[];
  }): string;
};

/**
 * One tool of the product (a page of the spec whose first path segment is its id): a chat with its
 * own system prompt, the functions its model may call, and the structured inputs its page shows.
 * Adding a tool is a folder with one of these and a line in tool-registry.ts.
 */
export type ToolDefinition<I = unknown> = {
  id: ChatToolId;
  /** The page's structured inputs, checked with the same shared schema the page validates with. */
  input?: z.ZodType<I>;
  systemPrompt(args: { locale: Locale; input: I | undefined; now: Date }): string;
  /** The functions (AI SDK tools) the model may call during a turn. */
  functions?(turn: ToolTurn<I>): ToolSet;
  /** How many model steps a turn may take (a call, its result, the answer): 1 without functions. */
  maxSteps?: number;
  demo?: DemoScript<I>;
};

/** Keeps a definition's input type while it is stored among others. */
export function defineTool<I>(definition: ToolDefinition<I>): ToolDefinition<I> {
  return definition;
}
