import {
  type GenerateImageOutput,
  generateLogoArgsSchema,
  LOGO_CANDIDATES,
  LOGO_REFINEMENTS,
  type Locale,
  type LogoMakerInput,
  makeTextLogoArgsSchema,
  TEXT_LOGO_MODEL_ID,
} from '@polymath/shared';
import { tool } from 'ai';
import { AppError } from '../../../lib/app-error.ts';
import type { ToolTurn } from '../../chat/index.ts';
import {
  allowanceProblem,
  editModelFor,
  getOwnedImage,
  type ImageRow,
  imageModelFor,
  nothingMade,
  requestImages,
  supportedRatio,
} from '../../images/index.ts';
import { logoImagePrompt, logoRefinePrompt } from './logo-prompts.ts';
import { storeTextLogos } from './text-logo.service.ts';

const NOTE: Record<Locale, { graphic: (n: number) => string; text: (n: number) => string }> = {
  en: {
    graphic: (n) =>
      `${n} logo candidates are being drawn now. They appear as cards with this answer and in the Gallery; "Refine this one" continues from a candidate.`,
    text: (n) =>
      `${n} text logo${n === 1 ? ' is' : 's are'} ready: cards with this answer (SVG and PNG downloads) and in the Gallery.`,
  },
  tr: {
    graphic: (n) =>
      `${n} logo adayı şimdi çiziliyor. Bu yanıtta kartlar olarak ve Galeri'de görünür; "Bunu geliştir" bir adaydan devam eder.`,
    text: (n) => `${n} yazı logosu hazır: bu yanıtta kartlar (SVG ve PNG indirme) ve Galeri'de.`,
  },
};

/** The logo the person chose to refine, when it is theirs, a logo and ready; else why not. */
async function refineTarget(turn: ToolTurn<LogoMakerInput>): Promise<ImageRow | AppError | null> {
  const id = turn.input?.refineImageId;
  if (!id) return null;
  try {
    const row = await getOwnedImage(turn.services.db, turn.userId, id);
    if (row.toolId !== 'logo-maker' || row.status !== 'ready' || !row.fileKey) {
      return new AppError('NOT_FOUND', 'The logo to refine is not ready or no longer there.');
    }
    return row;
  } catch (err) {
    if (err instanceof AppError) return new AppError('NOT_FOUND', 'The logo to refine is no longer there.');
    throw err;
  }
}

/**
 * generate_logo: the chat model describes the logo; the server wraps the description in the brief's
 * template and queues the candidates (4, or 2 refinements of the chosen logo, which the image model
 * edits) as image jobs. Answers at once with their ids; the page's cards follow the jobs.
 */
export function generateLogoFunction(turn: ToolTurn<LogoMakerInput>) {
  return tool({
    description:
      'Draw graphic logo candidates with an image model from your English description of the symbol and composition. Call once per request.',
    inputSchema: generateLogoArgsSchema,
    async execute({ prompt }): Promise<GenerateImageOutput> {
      const input = turn.input;
      if (!input) return nothingMade(turn, 'VALIDATION_FAILED', 'The brand name is missing.');
      const target = await refineTarget(turn);
      if (target instanceof AppError) return nothingMade(turn, target.code, target.message);
      const model = target ? editModelFor(turn) : imageModelFor(turn, undefined);
      if (!model) return nothingMade(turn, 'IMAGE_FAILED');
      const count = target ? LOGO_REFINEMENTS : LOGO_CANDIDATES;
      const refused = await allowanceProblem(turn, count);
      if (refused) return refused;
      const aspectRatio = supportedRatio(model, '1:1');
      const rows = await requestImages(turn.services.db, turn.services.jobs, {
        userId: turn.userId,
        toolId: turn.toolId,
        threadId: turn.threadId,
        answerId: turn.answerId,
        parentId: target?.id ?? null,
        // A text logo chosen for a graphic treatment is edited from its picture on white.
        sourceKey: target ? (target.modelId === TEXT_LOGO_MODEL_ID ? lightPreview(target) : target.fileKey) : null,
        prompt: target ? logoRefinePrompt(prompt, input) : logoImagePrompt(prompt, input),
        style: null,
        aspectRatio,
        modelId: model.id,
        count,
        now: new Date(),
      });
      return {
        ok: true,
        images: rows.map((row) => ({ id: row.id })),
        prompt,
        aspectRatio,
        style: null,
        modelName: model.displayName,
        demo: model.demo,
        note: NOTE[turn.locale].graphic(rows.length),
      };
    },
  });
}

function lightPreview(row: ImageRow): string | null {
  return ((row.extraFiles ?? {}) as { light?: string }).light ?? row.fileKey;
}

/**
 * make_text_logo: the chat model picks layouts and font pairings; the app renders each design
 * locally (no image model) and stores it ready at once, with its SVG and PNG downloads.
 */
export function makeTextLogoFunction(turn: ToolTurn<LogoMakerInput>) {
  return tool({
    description:
      'Render text logos (type only, no image model) for the brief: choose 1 to 4 designs, each a layout, a display font, an optional tagline font, letter case and spacing, and an optional geometric mark.',
    inputSchema: makeTextLogoArgsSchema,
    async execute({ designs }): Promise<GenerateImageOutput> {
      const input = turn.input;
      if (!input) return nothingMade(turn, 'VALIDATION_FAILED', 'The brand name is missing.');
      const target = await refineTarget(turn);
      let rows: ImageRow[];
      try {
        rows = await storeTextLogos(turn.services.db, turn.services.files, {
          userId: turn.userId,
          toolId: turn.toolId,
          threadId: turn.threadId,
          answerId: turn.answerId,
          parentId: target instanceof AppError ? null : (target?.id ?? null),
          designs,
          brief: { brandName: input.brandName, tagline: input.tagline, colours: input.colours, locale: turn.locale },
          now: new Date(),
        });
      } catch (err) {
        turn.services.logger.error({ err }, 'a text logo could not be rendered');
        return nothingMade(turn, 'IMAGE_FAILED');
      }
      // The designs ride along (in order), so a later turn can refine one of them.
      const made = rows.map((row, i) => ({ id: row.id, design: designs[i] }));
      return {
        ok: true,
        images: made,
        prompt: `“${input.brandName}”`,
        aspectRatio: '3:2',
        style: null,
        modelName: 'Text logo (rendered by Polymath)',
        demo: false,
        note: NOTE[turn.locale].text(rows.length),
      };
    },
  });
}
