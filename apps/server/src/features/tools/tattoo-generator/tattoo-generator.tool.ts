import {
  GENERATE_TATTOO_FUNCTION,
  type GenerateImageOutput,
  type Locale,
  type TattooGeneratorInput,
  tattooGeneratorInputSchema,
} from '@polymath/shared';
import { defineTool } from '../../chat/index.ts';
import { basePrompt } from '../base-prompt.ts';
import { generateTattooFunction } from './tattoo-functions.ts';
import { tattooPhotoRoutes } from './tattoo-photos.routes.ts';
import { deleteUserTattooPhotos } from './tattoo-photos.service.ts';
import { tattooInstructions } from './tattoo-prompts.ts';

const DEMO_ANSWER: Record<Locale, (output: GenerateImageOutput | undefined, photo: boolean) => string> = {
  en: (output, photo) =>
    output?.ok
      ? `**Demo mode.** The offline demo image model is drawing a stencil for “${output.prompt}”${photo ? ' and placing a demo design on your photo' : ''}. It appears with this answer and in your Gallery. Add an OpenAI or xAI key to the server for real designs.`
      : `**Demo mode.** ${output?.error.message ?? 'No tattoo could be made.'}`,
  tr: (output, photo) =>
    output?.ok
      ? `**Demo modu.** Çevrimdışı demo görsel modeli “${output.prompt}” için bir şablon çiziyor${photo ? ' ve fotoğrafınıza bir demo tasarım yerleştiriyor' : ''}. Bu yanıtta ve Galeri'nizde görünecek. Gerçek tasarımlar için sunucuya bir OpenAI ya da xAI anahtarı ekleyin.`
      : `**Demo modu.** ${output?.error.message ?? 'Dövme yapılamadı.'}`,
};

/**
 * Tattoo generator (/tattoo-generator, free within the daily messages): the person describes the
 * design (the message), picks style, placement and colour, and may upload a photo of the body part.
 * The model calls generate_tattoo: a printable stencil, and with a photo the design placed on it.
 */
export const tattooGeneratorTool = defineTool<TattooGeneratorInput>({
  id: 'tattoo-generator',
  deleteUserFiles: deleteUserTattooPhotos,
  routes: [{ path: '/api/tattoo/photos', create: ({ auth }) => tattooPhotoRoutes(auth), ownBodyLimit: true }],
  input: tattooGeneratorInputSchema,
  systemPrompt: ({ locale, input }) => [basePrompt(locale), tattooInstructions(input)].join(' '),
  functions: (turn) => ({ [GENERATE_TATTOO_FUNCTION]: generateTattooFunction(turn) }),
  maxSteps: 3,
  demo: {
    call: ({ text }) =>
      text.trim() ? { name: GENERATE_TATTOO_FUNCTION, input: { design: text.trim().slice(0, 2000) } } : null,
    answer: ({ locale, input, results }) =>
      DEMO_ANSWER[locale](
        results.find((r) => r.name === GENERATE_TATTOO_FUNCTION)?.output as GenerateImageOutput,
        Boolean(input?.photoId),
      ),
  },
});
