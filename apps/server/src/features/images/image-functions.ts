import {
  ERROR_MESSAGES,
  type ErrorCode,
  GENERATE_IMAGE_FUNCTION,
  type GenerateImageOutput,
  generateImageArgsSchema,
  type ImageAspectRatio,
  type ImageGeneratorInput,
  type Locale,
} from '@polymath/shared';
import { tool } from 'ai';
import { AppError } from '../../lib/app-error.ts';
import type { ToolTurn } from '../chat/index.ts';
import { settleCredit } from '../credits/index.ts';
import type { ResolvedImageModel } from './image-models.ts';
import { checkImageAllowance, requestImages } from './images.service.ts';

/** The image model a turn uses: the page's choice when the person may use it, else the default. */
export function imageModelFor(turn: ToolTurn<unknown>, wanted: string | undefined): ResolvedImageModel | undefined {
  const { imageModels } = turn.services;
  const allowed = (m: ResolvedImageModel | undefined) =>
    m?.available && (m.tier === 'free' || turn.plan === 'pro') ? m : undefined;
  return (
    allowed(wanted ? imageModels.get(wanted) : undefined) ?? allowed(imageModels.get(imageModels.defaultModelId ?? ''))
  );
}

/** A model that can edit a picture: the turn's default when it can, else the first that can. */
export function editModelFor(turn: ToolTurn<unknown>): ResolvedImageModel | undefined {
  const preferred = imageModelFor(turn, undefined);
  if (preferred?.capabilities.edit) return preferred;
  const { imageModels } = turn.services;
  for (const listed of imageModels.list('en')) {
    if (!listed.capabilities.edit) continue;
    const model = imageModelFor(turn, listed.id);
    if (model?.id === listed.id) return model;
  }
  return undefined;
}

/**
 * What an image function answers when it made nothing: the error for the model and the person, and
 * the free message this request took given back (a request that made nothing is free; the answer's
 * flag makes sure it is given back once however else the answer ends).
 */
export async function nothingMade(
  turn: ToolTurn<unknown>,
  code: ErrorCode,
  message: string = ERROR_MESSAGES[code],
): Promise<Extract<GenerateImageOutput, { ok: false }>> {
  await settleCredit(turn.services.db, { answerId: turn.answerId }, false);
  return { ok: false, error: { code, message } };
}

/** Pro's daily fair-use check as a function answer: null when the images may be made. */
export async function allowanceProblem(
  turn: ToolTurn<unknown>,
  count: number,
): Promise<Extract<GenerateImageOutput, { ok: false }> | null> {
  try {
    await checkImageAllowance(turn.services.db, {
      kinds: turn.services.imageKinds,
      userId: turn.userId,
      plan: turn.plan,
      count,
      limit: turn.services.env.PRO_DAILY_IMAGES,
      now: new Date(),
    });
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === 'IMAGE_LIMIT_REACHED') return nothingMade(turn, err.code);
    throw err;
  }
}

/** The ratio of `ratios` closest in shape to `width` × `height` (compared as log(width / height)). */
export function closestRatio(width: number, height: number, ratios: readonly ImageAspectRatio[]): ImageAspectRatio {
  const shape = (r: string) => {
    const [w = 1, h = 1] = r.split(':').map(Number);
    return Math.log(w / h);
  };
  const wanted = Math.log(width / height);
  return [...ratios].sort((a, b) => Math.abs(shape(a) - wanted) - Math.abs(shape(b) - wanted))[0] ?? '1:1';
}

/** The ratio asked for when the model makes it, else the closest shape it does make. */
export function supportedRatio(model: ResolvedImageModel, wanted: ImageAspectRatio): ImageAspectRatio {
  if (model.aspectRatios.includes(wanted)) return wanted;
  const [w = 1, h = 1] = wanted.split(':').map(Number);
  return model.aspectRatios.length > 0 ? closestRatio(w, h, model.aspectRatios) : wanted;
}

const NOTE: Record<Locale, (count: number) => string> = {
  en: (n) =>
    `${n === 1 ? 'The image is' : `${n} images are`} being made now. They appear as cards with this answer and are saved in the Gallery; it may take a while when it is busy.`,
  tr: (n) =>
    `${n === 1 ? 'Görsel' : `${n} görsel`} şimdi hazırlanıyor. Bu yanıtta kartlar olarak görünür ve Galeri'ye kaydedilir; yoğun olduğunda biraz sürebilir.`,
};

/**
 * generate_image: the chat model turns the person's words into a prompt and calls this; it queues
 * the images (one job each) and answers at once with their ids, which the page shows as cards that
 * follow each image until it is ready. Pro's daily fair-use limit is checked first.
 */
export function generateImageFunction(turn: ToolTurn<ImageGeneratorInput>) {
  const { db, env, jobs, imageKinds } = turn.services;
  return tool({
    description:
      'Make images from a detailed prompt. The images are made in the background and shown to the person as they finish; call it once per request.',
    inputSchema: generateImageArgsSchema,
    async execute(args): Promise<GenerateImageOutput> {
      const model = imageModelFor(turn, turn.input?.imageModelId);
      if (!model) return { ok: false, error: { code: 'IMAGE_FAILED', message: ERROR_MESSAGES.IMAGE_FAILED } };
      const aspectRatio = supportedRatio(model, args.aspectRatio);
      try {
        await checkImageAllowance(db, {
          kinds: imageKinds,
          userId: turn.userId,
          plan: turn.plan,
          count: args.count,
          limit: env.PRO_DAILY_IMAGES,
          now: new Date(),
        });
      } catch (err) {
        if (err instanceof AppError && err.code === 'IMAGE_LIMIT_REACHED') {
          return { ok: false, error: { code: err.code, message: ERROR_MESSAGES.IMAGE_LIMIT_REACHED } };
        }
        throw err;
      }
      const rows = await requestImages(db, jobs, {
        userId: turn.userId,
        toolId: turn.toolId,
        threadId: turn.threadId,
        answerId: turn.answerId,
        prompt: args.prompt,
        style: args.style ?? null,
        aspectRatio,
        modelId: model.id,
        count: args.count,
        now: new Date(),
      });
      return {
        ok: true,
        images: rows.map((row) => ({ id: row.id })),
        prompt: args.prompt,
        aspectRatio,
        style: args.style ?? null,
        modelName: model.displayName,
        demo: model.demo,
        note: NOTE[turn.locale](rows.length),
      };
    },
  });
}

export { GENERATE_IMAGE_FUNCTION };
