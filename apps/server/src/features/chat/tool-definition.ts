import type { ChatToolId, Locale, Plan } from '@polymath/shared';
import type { ToolSet, UIMessage } from 'ai';
import type { Hono } from 'hono';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import type { JobDefinition, JobSender } from '../../lib/queue/job.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import type { Auth } from '../auth/index.ts';
import type { ImageKind, ImageKindRegistry, ImageModelRegistry } from '../images/index.ts';
import type { ModelRegistry } from '../models/index.ts';
import type { WebSearchRuntime } from '../search/index.ts';

/** What the platform lends a tool's functions for one turn. */
export type ToolServices = {
  db: Db;
  env: Env;
  files: FileStore;
  logger: Logger;
  /** Sends the slow work a function starts (its handler runs it later, see lib/queue). */
  jobs: JobSender;
  imageModels: ImageModelRegistry;
  /** The kinds of image the app makes itself (every tool's ToolDefinition.imageKinds). */
  imageKinds: ImageKindRegistry;
  /** The configured search service and page reader; undefined when no search service is configured. */
  webSearch?: WebSearchRuntime | undefined;
  /** The chat models (photo translate names the one that translates). */
  chatModels?: ModelRegistry | undefined;
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
  /** Tokens the turn's model reads at once (its context window). */
  contextTokens: number;
  /** The chat model answering this turn (photo translate's job translates with it too). */
  modelId: string;
  /**
   * True when this turn opened the thread with a message carrying no PDF (chat-turn.ts's one-statement
   * first turn): the thread holds no documents, so there is nothing to look up for it.
   */
  newWithoutDocuments?: boolean;
};

/** What the app lends a tool's HTTP routes when it mounts them. */
export type ToolRouteDeps = { auth: Auth };

/**
 * HTTP endpoints a tool's page calls besides the chat (a photo upload, the sky now), mounted by the
 * app at `path`. Two tools may not claim the same path, nor one inside another's.
 */
export type ToolRoute = {
  /** Where the app mounts them: under /api/, e.g. '/api/tattoo/photos'. */
  path: `/api/${string}`;
  // biome-ignore lint/suspicious/noExplicitAny: each tool's routes keep their own env and schema; the app only mounts them
  create(deps: ToolRouteDeps): Hono<any, any, any>;
  /**
   * A request to `path` itself (an upload's POST) is limited by the route's own, larger body limit
   * (its 413 says the file's limit); the app's 64 KB limit on JSON bodies is not applied to it. Any
   * other path under it keeps the 64 KB.
   */
  ownBodyLimit?: boolean;
};

/** What the app lends a tool's jobs (the slow work its functions send, lib/queue). */
export type ToolJobDeps = {
  db: Db;
  files: FileStore;
  /** The chat models (photo translate's job translates with the turn's model). */
  chatModels: ModelRegistry;
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
 * Adding a tool is a folder with one of these and a line in tool-registry.ts; what it adds to the
 * platform (its kinds of image, HTTP routes, jobs, files to delete with an account) it declares here.
 */
export type ToolDefinition<I = unknown> = {
  id: ChatToolId;
  /** The page's structured inputs, checked with the same shared schema the page validates with. */
  input?: z.ZodType<I>;
  systemPrompt(args: { locale: Locale; input: I | undefined; now: Date }): string;
  /**
   * Throws an AppError when this deployment cannot run the tool at all (a service it needs is not
   * configured). Checked before anything is written or charged.
   */
  checkReady?(services: ToolServices): void;
  /**
   * A message the tool declines without asking a model (it plainly asks for something the tool must
   * not do): the answer is this text, streamed like any answer, and the free message is given back.
   * Null lets the turn run.
   */
  decline?(args: { text: string; locale: Locale; input: I | undefined }): string | null;
  /** The functions (AI SDK tools) the model may call during a turn. */
  functions?(turn: ToolTurn<I>): ToolSet | Promise<ToolSet>;
  /** How many model steps a turn may take (a call, its result, the answer): 1 without functions. */
  maxSteps?: number;
  /**
   * The answer's parts as they are stored once it ends (what a reload and the next turn's model
   * see): a tool may hold the model's text to its own rules here. The live stream is not changed.
   */
  finishAnswer?(parts: UIMessage['parts'], turn: ToolTurn<I>): Promise<UIMessage['parts']>;
  demo?: DemoScript<I>;
  /** PDFs (ask PDF, Pro) may be attached to this tool's messages; other tools refuse them. */
  documents?: boolean;
  /**
   * Context the server assembles for the turn before the model is called (the documents of the
   * chat, whole or their best passages): text added to the system prompt, and, for the offline demo
   * model, a script that answers from it. Throwing an AppError refuses the turn (nothing is charged).
   */
  prepare?(turn: ToolTurn<I>): Promise<TurnPreparation<I> | null>;
  /** Deletes the files the tool keeps for a person outside images and attachments (their account is deleted). */
  deleteUserFiles?(files: FileStore, userId: string): Promise<void>;
  /**
   * The kinds of image the tool makes itself rather than with an image model (the images feature
   * stores, lists and shows them like any image; features/images/image-kinds.ts).
   */
  imageKinds?: readonly ImageKind[];
  /** HTTP endpoints of the tool's own (the app mounts them; see ToolRoute). */
  routes?: readonly ToolRoute[];
  /** The jobs that work what the tool's functions send (the app hands them to the queue). */
  // biome-ignore lint/suspicious/noExplicitAny: each definition keeps its own payload type
  jobs?(deps: ToolJobDeps): JobDefinition<any>[];
};

/** Every tool by id (features/tools/tool-registry.ts builds it; the chat turn only reads it). */
export type ToolRegistry = {
  get(id: ChatToolId): ToolDefinition<unknown>;
  /** Deletes what every tool keeps for a person (ToolDefinition.deleteUserFiles). */
  deleteUserFiles(files: FileStore, userId: string): Promise<void>;
  /** Every tool's kinds of image (ToolDefinition.imageKinds), handed to the images feature. */
  imageKinds: ImageKindRegistry;
  /** Every tool's HTTP routes (ToolDefinition.routes), checked: no path claimed twice. */
  routes: readonly ToolRoute[];
  /** Every tool's jobs (ToolDefinition.jobs); the queue refuses a job name declared twice. */
  // biome-ignore lint/suspicious/noExplicitAny: each definition keeps its own payload type
  jobs(deps: ToolJobDeps): JobDefinition<any>[];
};

export type TurnPreparation<I> = {
  /** Added after the tool's system prompt for this turn. */
  system?: string;
  /** Replaces the tool's demo script for this turn. */
  demo?: DemoScript<I>;
};

/** Keeps a definition's input type while it is stored among others. */
export function defineTool<I>(definition: ToolDefinition<I>): ToolDefinition<I> {
  return definition;
}
