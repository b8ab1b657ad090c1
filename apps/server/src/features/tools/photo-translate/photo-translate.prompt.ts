import type { PhotoLanguage } from '@polymath/shared';
import { z } from 'zod';

/**
 * What the chat model is asked for when it translates a photo's text: one structured answer per
 * photo (every region in one call, so a term is translated the same way everywhere in the photo).
 * An array of { id, text } rather than an object keyed by id: providers' strict JSON-schema modes
 * accept no free-form keys.
 */
export const photoTranslationSchema = z.object({
  translations: z
    .array(
      z.object({
        id: z.string().describe('The id of the text region, exactly as given.'),
        text: z.string().describe('The translation, with the same line breaks ("\\n") as the original.'),
      }),
    )
    .describe('One entry per text region, in any order.'),
});
export type PhotoTranslationOutput = z.infer<typeof photoTranslationSchema>;

export type PhotoTranslationSegment = { id: string; text: string };

/**
 * The system and user texts for one photo. The instructions are the same whatever the app's
 * language: only the source and target languages change them.
 */
export function buildPhotoTranslationPrompt(input: {
  segments: readonly PhotoTranslationSegment[];
  source: PhotoLanguage | null;
  target: PhotoLanguage;
}): { system: string; prompt: string } {
  const { segments, source, target } = input;
  const from = source ? `${source.name} (${source.code})` : 'the language it is written in (detect it)';
  const system = [
    'You translate the text found in a photo (signs, menus, labels, documents).',
    'The text was read by OCR and is split into regions; each region is redrawn in place with its translation.',
    'Rules:',
    `- Translate every region from ${from} into ${target.name} (${target.code}), written in its usual script.`,
    '- Keep the line breaks ("\\n") of each region: as many lines as the original, in the same places when the language allows.',
    '- Keep numbers, prices, dates, times, units, codes, URLs, e-mail addresses and phone numbers exactly as written.',
    '- Keep brand and proper names as written unless they have a common form in the target language.',
    '- Translate the same words the same way in every region of this photo.',
    '- OCR may have misread letters: translate what the text most likely says.',
    '- A region that is not words of a language (a code, a lone symbol) or already in the target language comes back unchanged.',
    '- Keep translations about as short as the original: they must fit the same space.',
    '- Answer with exactly one entry for every region id given, and nothing else.',
  ].join('\n');
  const prompt = `Text regions (JSON):\n${JSON.stringify(segments.map((s) => ({ id: s.id, text: s.text })))}`;
  return { system, prompt };
}

/**
 * The model's answer as id → translation, for the ids asked about only (anything else is dropped;
 * a missing id is simply absent and its region is left as it was).
 */
export function translationsById(
  output: PhotoTranslationOutput,
  segments: readonly PhotoTranslationSegment[],
): Record<string, string> {
  const asked = new Set(segments.map((s) => s.id));
  const out: Record<string, string> = {};
  for (const t of output.translations) {
    if (asked.has(t.id) && !(t.id in out)) out[t.id] = t.text;
  }
  return out;
}
