import {
  type GenerateImageOutput,
  generateTattooArgsSchema,
  type Locale,
  type TattooGeneratorInput,
} from '@polymath/shared';
import { tool } from 'ai';
import type { ToolTurn } from '../../chat/index.ts';
import {
  allowanceProblem,
  editModelFor,
  type ImageRow,
  imageModelFor,
  nothingMade,
  requestImages,
  supportedRatio,
} from '../../images/index.ts';
import { readTattooPhoto, tattooPhotoKey } from './tattoo-photos.service.ts';
import { placementPrompt, stencilPrompt, stencilRatio } from './tattoo-prompts.ts';

const NOTE: Record<Locale, (photo: boolean) => string> = {
  en: (photo) =>
    photo
      ? 'The stencil and the design on the photo are being made now; they appear as cards with this answer (before and after on the photo) and in the Gallery.'
      : 'The stencil is being made now; it appears as a card with this answer and in the Gallery, ready to print.',
  tr: (photo) =>
    photo
      ? "Şablon ve fotoğraftaki tasarım şimdi hazırlanıyor; bu yanıtta kartlar olarak (fotoğrafta önce ve sonra) ve Galeri'de görünür."
      : "Şablon şimdi hazırlanıyor; bu yanıtta bir kart olarak ve Galeri'de görünür, yazdırmaya hazır.",
};

/**
 * generate_tattoo: the chat model describes the design; the server queues the stencil on white (an
 * image generation) and, when the person gave a photo, the design placed on it inside the marked
 * area (an image edit with a mask; outside it the photo stays as it was). Answers at once.
 */
export function generateTattooFunction(turn: ToolTurn<TattooGeneratorInput>) {
  return tool({
    description:
      'Make the tattoo from your English description of the design: a printable stencil, and the design placed on the photo when the person gave one. Call once per request.',
    inputSchema: generateTattooArgsSchema,
    async execute({ design }): Promise<GenerateImageOutput> {
      const { db, files, jobs } = turn.services;
      const input = turn.input;
      const photoId = input?.photoId;
      if (photoId && !(await readTattooPhoto(files, turn.userId, photoId))) {
        return nothingMade(turn, 'NOT_FOUND', 'The photo is no longer there: upload it again.');
      }
      const model = imageModelFor(turn, undefined);
      const editor = photoId ? editModelFor(turn) : undefined;
      if (!model || (photoId && !editor)) return nothingMade(turn, 'IMAGE_FAILED');
      const refused = await allowanceProblem(turn, photoId ? 2 : 1);
      if (refused) return refused;
      const now = new Date();
      const common = {
        userId: turn.userId,
        toolId: turn.toolId,
        threadId: turn.threadId,
        answerId: turn.answerId,
        style: null,
      };
      const aspectRatio = supportedRatio(model, stencilRatio(input));
      const rows: ImageRow[] = await requestImages(db, jobs, {
        ...common,
        prompt: stencilPrompt(design, input),
        aspectRatio,
        modelId: model.id,
        count: 1,
        now,
      });
      if (photoId && editor) {
        rows.push(
          ...(await requestImages(db, jobs, {
            ...common,
            prompt: placementPrompt(design, input),
            // The result has the photo's shape; the ratio only shapes the card until it is ready.
            aspectRatio: supportedRatio(editor, '2:3'),
            modelId: editor.id,
            count: 1,
            now: new Date(now.getTime() + 1),
            sourceKey: tattooPhotoKey(turn.userId, photoId),
            editArea: input?.area ?? null,
          })),
        );
      }
      return {
        ok: true,
        images: rows.map((row) => ({ id: row.id })),
        prompt: design,
        aspectRatio,
        style: null,
        modelName: model.displayName,
        demo: model.demo,
        note: NOTE[turn.locale](Boolean(photoId)),
      };
    },
  });
}
