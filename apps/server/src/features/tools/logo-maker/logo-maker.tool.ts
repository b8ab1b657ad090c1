import {
  GENERATE_LOGO_FUNCTION,
  type GenerateImageOutput,
  type Locale,
  type LogoMakerInput,
  logoMakerInputSchema,
  MAKE_TEXT_LOGO_FUNCTION,
} from '@polymath/shared';
import type { ToolSet } from 'ai';
import { defineTool } from '../../chat/index.ts';
import { basePrompt } from '../base-prompt.ts';
import { suggestTextLogoDesigns } from './demo-designs.ts';
import { generateLogoFunction, makeTextLogoFunction } from './logo-functions.ts';
import { logoBrief, logoInstructions } from './logo-prompts.ts';
import { textLogoKind } from './text-logo.service.ts';

const DEMO_ANSWER: Record<Locale, (output: GenerateImageOutput | undefined, mode: 'graphic' | 'text') => string> = {
  en: (output, mode) =>
    !output?.ok
      ? `**Demo mode.** ${output?.error.message ?? 'No logo could be made.'}`
      : mode === 'text'
        ? `**Demo mode.** Here are ${output.images.length} text logo directions for ${output.prompt}: a wordmark, a lettermark, a stacked name and an emblem, rendered from the brief (the offline demo picks the fonts; a chat model key lets the AI choose). Download each as SVG or PNG, or refine one.`
        : `**Demo mode.** The offline demo image model is drawing ${output.images.length} logo candidates. They appear with this answer and in your Gallery. Add an OpenAI, Google or xAI key to the server for real logos.`,
  tr: (output, mode) =>
    !output?.ok
      ? `**Demo modu.** ${output?.error.message ?? 'Logo yapılamadı.'}`
      : mode === 'text'
        ? `**Demo modu.** ${output.prompt} için ${output.images.length} yazı logosu yönü: bir yazı logosu, bir harf logosu, alt alta bir isim ve bir amblem; brief'ten çizildi (yazı tiplerini çevrimdışı demo seçti; bir sohbet modeli anahtarıyla yapay zekâ seçer). Her birini SVG ya da PNG olarak indirin veya birini geliştirin.`
        : `**Demo modu.** Çevrimdışı demo görsel modeli ${output.images.length} logo adayı çiziyor. Bu yanıtta ve Galeri'nizde görünecek. Gerçek logolar için sunucuya bir OpenAI, Google ya da xAI anahtarı ekleyin.`,
};

/**
 * Logo maker (/logo-maker, free within the daily messages): a guided brief on the page (brand,
 * tagline, industry, style, colours, graphic or text) sent with every message. Graphic: the chat
 * model describes the logo and an image model draws 4 candidates through the job queue. Text: the
 * model picks layouts and font pairings and the app renders them (SVG and PNG) at once. "Refine
 * this one" continues from a chosen logo in the same thread.
 */
export const logoMakerTool = defineTool<LogoMakerInput>({
  id: 'logo-maker',
  input: logoMakerInputSchema,
  imageKinds: [textLogoKind],
  systemPrompt: ({ locale, input }) =>
    [
      basePrompt(locale),
      'You are a brand designer making logos.',
      logoBrief(input),
      logoInstructions(input),
      'If the person only chats or asks a question, answer without calling a function.',
    ].join(' '),
  functions: (turn): ToolSet =>
    turn.input?.mode === 'text'
      ? { [MAKE_TEXT_LOGO_FUNCTION]: makeTextLogoFunction(turn) }
      : { [GENERATE_LOGO_FUNCTION]: generateLogoFunction(turn) },
  maxSteps: 3,
  demo: {
    call: ({ text, input }) =>
      input?.mode === 'text'
        ? { name: MAKE_TEXT_LOGO_FUNCTION, input: { designs: suggestTextLogoDesigns(input) } }
        : {
            name: GENERATE_LOGO_FUNCTION,
            input: { prompt: (text.trim() || `A logo for ${input?.brandName ?? 'the brand'}`).slice(0, 2000) },
          },
    answer: ({ locale, input, results }) => {
      const mode = input?.mode === 'text' ? 'text' : 'graphic';
      const name = mode === 'text' ? MAKE_TEXT_LOGO_FUNCTION : GENERATE_LOGO_FUNCTION;
      return DEMO_ANSWER[locale](results.find((r) => r.name === name)?.output as GenerateImageOutput, mode);
    },
  },
});
