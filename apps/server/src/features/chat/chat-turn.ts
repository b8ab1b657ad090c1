import { randomBytes } from 'node:crypto';
import type { ChatRequest, Locale, Plan } from '@polymath/shared';
import { toolRequiresPro } from '@polymath/shared';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { enforceLimit } from '../../lib/limits.ts';
import type { Logger } from '../../lib/logger.ts';
import { creditRefusals, turnContextDuration } from '../../lib/metrics.ts';
import type { JobSender } from '../../lib/queue/job.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { settleCredit, takeCredit } from '../credits/index.ts';
import { checkMessageDocuments } from '../documents/index.ts';
import { createDemoModel } from '../models/index.ts';
import { recordAnswer } from './answer-usage.ts';
import {
  checkAttachments,
  checkModel,
  claimThread,
  releaseThread,
  userMessageText,
  writeTurn,
} from './chat.service.ts';
import type { ChatRuntime } from './chat-runtime.ts';
import { canWriteFirstTurn, confirmFirstTurn, writeFirstTurn } from './first-turn.ts';
import { type AnswerOutcome, startGeneration } from './generation.ts';
import { meterModel } from './metered-model.ts';
import { threadSummaryJob } from './summaries/thread-summary.job.ts';
import { MESSAGE_OVERHEAD_TOKENS, tokensFor } from './token-count.ts';
import type { ToolDefinition, ToolRegistry, ToolServices, ToolTurn } from './tool-definition.ts';
import { buildTurnContext } from './turn-context.ts';

/** What a chat turn needs from the app, for the life of the process. */
export type ChatTurnDeps = {
  db: Db;
  env: Env;
  files: FileStore;
  logger: Logger;
  runtime: ChatRuntime;
  tools: ToolRegistry;
  services: ToolServices;
};

/** The same dependencies inside a job's run: its logger, and its queue for the work the turn starts. */
export function turnDepsInRun(deps: ChatTurnDeps, run: { logger: Logger; jobs: JobSender }): ChatTurnDeps {
  return { ...deps, logger: run.logger, services: { ...deps.services, logger: run.logger, jobs: run.jobs } };
}

/** Who asks: the session user (the web), a linked number's account (WhatsApp) or a job. */
export type TurnUser = { id: string; plan: Plan };

export type ChatTurn = {
  /** The answer's message id (also its stream id for resuming). */
  answerId: string;
  /** The AI SDK UI message stream (SSE, UTF-8 bytes) of the answer, for whoever started the turn. */
  stream: ReadableStream<Uint8Array>;
  /** Resolves when the answer is settled in the database, however it ended. */
  settled: Promise<AnswerOutcome>;
};

/** A new answer id: random and URL-safe, so it can also name the resumable stream. */
function newAnswerId(): string {
  return randomBytes(12).toString('base64url');
}

/** Checks the tool's structured inputs with its own schema; field paths start at toolInput. */
function parseToolInput<I>(tool: ToolDefinition<I>, raw: ChatRequest['toolInput']): I | undefined {
  if (!tool.input) return undefined;
  const parsed = tool.input.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', undefined, {
    fields: parsed.error.issues.map((issue) => ({
      path: ['toolInput', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  });
}

/**
 * One chat turn, whoever starts it (the web's POST /api/chat, a tool, WhatsApp, a job): checks the
 * tool and model against the plan, takes a free message, writes the person's message and an empty
 * answer, and starts the answer independently of the caller. If anything fails before the answer
 * starts, everything it did is undone here (credit, thread claim, a thread it created) and the
 * error is thrown; once it started, the answer settles itself (generation.ts) and its credit is
 * settled by settleCredit (features/credits).
 */
export async function startChatTurn(
  deps: ChatTurnDeps,
  args: { user: TurnUser; request: ChatRequest; now?: Date; logger?: Logger },
): Promise<ChatTurn> {
  const { db, env, files, runtime } = deps;
  const { user, request } = args;
  const logger = args.logger ?? deps.logger;
  const at = args.now ?? new Date();
  const locale: Locale = request.locale ?? 'en';

  const tool = deps.tools.get(request.toolId);
  if (toolRequiresPro(tool.id) && user.plan !== 'pro') throw new AppError('TOOL_REQUIRES_PRO');
  tool.checkReady?.(deps.services);
  const input = parseToolInput(tool, request.toolInput);
  const model = checkModel(runtime.models.get(request.modelId), user.plan, request);
  await enforceLimit(runtime.fairUse, user.id);
  await checkAttachments(files, user.id, request);

  const answerId = newAnswerId();
  // A new chat's first message: one statement takes the credit and writes the thread, the message
  // and the answer row. When it could not (an existing thread, a PDF to check, a race), the steps
  // below run one by one as for any other message.
  const first = canWriteFirstTurn(request)
    ? await writeFirstTurn(db, {
        userId: user.id,
        dailyLimit: user.plan === 'free' ? env.FREE_DAILY_MESSAGES : null,
        request,
        answerId,
        toolInput: input,
        now: at,
        instanceId: runtime.instanceId,
      })
    : null;
  if (first?.kind === 'out-of-credits') {
    creditRefusals.inc();
    throw new AppError('OUT_OF_CREDITS');
  }
  // The statement's commit did not wait for the disk; this makes it durable while the rest of the
  // turn is prepared and the provider is called (the answer is held until it is).
  const durable = first?.kind === 'written' ? confirmFirstTurn(db, answerId, at) : undefined;
  durable?.catch(() => {}); // the generation awaits it; a turn that fails before that ignores it
  let created = first?.kind === 'written';
  let claimed = created;
  let creditDay: string | null = first?.kind === 'written' || first?.kind === 'credited' ? first.creditDay : null;
  let written = created;
  try {
    if (!written) {
      await checkMessageDocuments(db, { userId: user.id, plan: user.plan, request, accepts: tool.documents === true });
      ({ created } = await claimThread(db, {
        userId: user.id,
        plan: user.plan,
        request,
        answerId,
        now: at,
        exists: first?.kind === 'thread-exists',
      }));
      claimed = true;
      if (user.plan === 'free' && !creditDay) {
        creditDay = await takeCredit(db, user.id, env.FREE_DAILY_MESSAGES, at);
        if (!creditDay) {
          creditRefusals.inc();
          throw new AppError('OUT_OF_CREDITS');
        }
      }
      await writeTurn(db, {
        userId: user.id,
        request,
        answerId,
        creditDay,
        toolInput: input,
        now: at,
        instanceId: runtime.instanceId,
      });
      written = true;
    }
    const text = request.trigger === 'submit-message' ? userMessageText(request.message) : '';
    const turn: ToolTurn<unknown> = {
      services: deps.services,
      toolId: tool.id,
      userId: user.id,
      plan: user.plan,
      threadId: request.threadId,
      answerId,
      locale,
      input,
      now: at,
      text,
      contextTokens: model.contextTokens,
      modelId: model.id,
      newWithoutDocuments: first?.kind === 'written',
    };
    const prepared = tool.prepare ? await tool.prepare(turn) : null;
    // A message the tool declines gets its fixed answer without a model (or a function) being asked.
    const declined = text ? (tool.decline?.({ text, locale, input }) ?? null) : null;
    const functions = declined === null ? await tool.functions?.(turn) : undefined;
    // What the model reads, within its budget: the prompt, the summary of earlier messages and the
    // newest messages that fit (decision 027).
    const contextStarted = performance.now();
    const context = await buildTurnContext(db, files, {
      userId: user.id,
      threadId: request.threadId,
      answerId,
      model,
      historyTokens: env.CHAT_HISTORY_TOKENS,
      system: [tool.systemPrompt({ locale, input, now: at }), prepared?.system].filter(Boolean).join('\n\n'),
      functions: functions ? Object.keys(functions).length : 0,
      firstMessage: created && request.trigger === 'submit-message' ? request.message : undefined,
    });
    turnContextDuration.observe({ model: model.id }, (performance.now() - contextStarted) / 1000);
    const script = prepared?.demo ?? tool.demo;
    const languageModel =
      declined !== null
        ? // The demo model streams a given text like any answer; here it is the tool's refusal.
          createDemoModel({ locale, script: { answer: () => declined } })
        : model.languageModel({
            locale,
            ...(script
              ? {
                  script: {
                    call: script.call
                      ? (message) => script.call?.({ text: message, input, locale }) ?? null
                      : undefined,
                    answer: script.answer
                      ? (message, results) => script.answer?.({ text: message, input, locale, results }) ?? ''
                      : undefined,
                  },
                }
              : {}),
          });
    const metered = meterModel(languageModel, {
      maxOutputTokens: context.budget.answerRoom,
      inputTokens: context.inputTokens,
      tokenizer: model.tokenizer,
      overflow: context.overflow && declined === null,
    });
    const finishAnswer = tool.finishAnswer;
    const question = request.trigger === 'submit-message' ? request.message : null;
    const generation = await startGeneration({
      db,
      logger,
      runtime,
      staleSeconds: env.STREAM_STALE_SECONDS,
      threadId: request.threadId,
      answerId,
      modelId: model.id,
      model: metered.model,
      system: context.instructions,
      functions,
      maxSteps: functions ? (tool.maxSteps ?? 3) : 1,
      modelMessages: context.messages,
      createdAt: at,
      finishParts: finishAnswer && declined === null ? (parts) => finishAnswer(parts, turn) : undefined,
      onUsage: metered.record,
      onSettled: async (outcome, parts) => {
        // Kept when the person got an answer; a declined message used nothing and is given back.
        await settleCredit(db, { answerId }, declined === null && outcome.answered);
        const answer = await recordAnswer(db, {
          answerId,
          threadId: request.threadId,
          userId: user.id,
          plan: user.plan,
          toolId: tool.id,
          model,
          outcome,
          parts,
          usage: metered.usage(),
          estimatedInputTokens: context.inputTokens,
          question: question ? { id: question.id, parts: question.parts as typeof parts } : null,
          measured: context.measured,
          at,
        });
        // The messages after the summary outgrew the history cap: fold the oldest block (a job).
        const tail = context.tailTokens + tokensFor(model.tokenizer, answer) + MESSAGE_OVERHEAD_TOKENS;
        if (context.leftOut || tail > context.budget.history) {
          await deps.services.jobs
            .send(threadSummaryJob, { threadId: request.threadId })
            .catch((err: unknown) => logger.debug({ err }, 'no summary job (no queue)'));
        }
      },
      durable,
    });
    return { answerId, stream: generation.stream, settled: generation.settled };
  } catch (err) {
    // Nothing was generated: give back the credit and the thread.
    const refund = written
      ? settleCredit(db, { answerId }, false)
      : creditDay
        ? settleCredit(db, { userId: user.id, day: creditDay }, false)
        : Promise.resolve();
    await refund.catch((e: unknown) => logger.error({ err: e }, 'refund failed'));
    // A thread this turn created for a turn that never happened does not stay behind.
    if (claimed) {
      await releaseThread(db, {
        threadId: request.threadId,
        userId: user.id,
        answerId,
        discard: created && !written,
      }).catch((e: unknown) => logger.error({ err: e }, 'could not release the thread'));
    }
    throw err;
  }
}
