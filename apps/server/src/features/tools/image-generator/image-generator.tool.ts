import {
  GENERATE_IMAGE_FUNCTION,
  type GenerateImageOutput,
  type ImageGeneratorInput,
  imageGeneratorInputSchema,
  type Locale,
} from '@polymath/shared';
import { defineTool } from '../../chat/index.ts';
import { generateImageFunction } from '../../images/index.ts';
import { basePrompt } from '../base-prompt.ts';

function choices(input: ImageGeneratorInput | undefined): string {
  const parts = [
    input?.aspectRatio ? `aspect ratio ${input.aspectRatio}` : undefined,
    input?.style ? `style ${input.style}` : undefined,
    input?.count ? `${input.count} image${input.count === 1 ? '' : 's'}` : undefined,
  ].filter(Boolean);
  return parts.length
    ? `The person chose ${parts.join(', ')} on the page: use these unless their message asks for something else.`
    : 'Unless the person asks otherwise, make one 1:1 image.';
}

const DEMO_ANSWER: Record<Locale, (output: GenerateImageOutput | undefined) => string> = {
  en: (output) =>
    output?.ok
      ? `**Demo mode.** The offline demo image model is drawing ${output.images.length === 1 ? 'a picture' : `${output.images.length} pictures`} for “${output.prompt}”. They appear with this answer and in your Gallery. Add an OpenAI, Google or xAI key to the server for real images.`
      : `**Demo mode.** ${output?.error.message ?? 'No image could be asked for.'}`,
  tr: (output) =>
    output?.ok
      ? `**Demo modu.** Çevrimdışı demo görsel modeli “${output.prompt}” için ${output.images.length === 1 ? 'bir resim' : `${output.images.length} resim`} çiziyor. Bu yanıtta ve Galeri'nizde görünecek. Gerçek görseller için sunucuya bir OpenAI, Google ya da xAI anahtarı ekleyin.`
      : `**Demo modu.** ${output?.error.message ?? 'Görsel istenemedi.'}`,
};

/**
 * Image generator (/image-generator, Pro): the chat model turns the person's description into an
 * image prompt and calls generate_image; the images are made by jobs and shown as cards.
 */
export const imageGeneratorTool = defineTool<ImageGeneratorInput>({
  id: 'image-generator',
  input: imageGeneratorInputSchema,
  systemPrompt: ({ locale, input }) =>
    [
      basePrompt(locale),
      `You make images with the ${GENERATE_IMAGE_FUNCTION} function.`,
      "Turn the person's description into one detailed image prompt in English (image models read English best): subject, setting, composition, lighting, colours and mood; keep any words they want written in the picture exactly as given.",
      choices(input),
      `Call ${GENERATE_IMAGE_FUNCTION} once per request, then answer in one or two short sentences in the person's language: what you asked for, and that the images appear with this answer and in the Gallery. Never write image links or Markdown images.`,
      'If the function answers an error, say plainly what happened and what they can do.',
      'If the person only chats or asks a question, answer without calling the function.',
    ].join(' '),
  functions: (turn) => ({ [GENERATE_IMAGE_FUNCTION]: generateImageFunction(turn) }),
  maxSteps: 3,
  demo: {
    call: ({ text, input }) =>
      text.trim()
        ? {
            name: GENERATE_IMAGE_FUNCTION,
            input: {
              prompt: text.trim().slice(0, 4000),
              aspectRatio: input?.aspectRatio ?? '1:1',
              ...(input?.style ? { style: input.style } : {}),
              count: input?.count ?? 1,
            },
          }
        : null,
    answer: ({ locale, results }) =>
      DEMO_ANSWER[locale](results.find((r) => r.name === GENERATE_IMAGE_FUNCTION)?.output as GenerateImageOutput),
  },
});
