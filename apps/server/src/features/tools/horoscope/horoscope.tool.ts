import {
  HOROSCOPE_VALIDATION_MESSAGES,
  type HoroscopeInput,
  horoscopeFactsSchema,
  horoscopeInputSchema,
  type Locale,
} from '@polymath/shared';
import { defineTool } from '../../chat/index.ts';
import { findCity } from './cities.ts';
import { demoReading } from './demo-reading.ts';
import { horoscopeRoutes } from './horoscope.routes.ts';
import { HOROSCOPE_FACTS_TOOL_NAME, horoscopeSkyFunction } from './horoscope-functions.ts';
import { horoscopeSystemPrompt } from './horoscope-prompts.ts';

/**
 * The shared input schema, plus what only the server knows: a birth place must be one of its
 * cities. Checked before the turn starts, so an unknown place costs no message.
 */
export const horoscopeToolInputSchema = horoscopeInputSchema.superRefine((input, ctx) => {
  if (input.type === 'birth-chart' && !findCity(input.cityId)) {
    ctx.addIssue({ code: 'custom', path: ['cityId'], message: HOROSCOPE_VALIDATION_MESSAGES.invalidCity });
  }
});

const CALL_RULE: Record<Locale, string> = {
  en: `For every message, call \`${HOROSCOPE_FACTS_TOOL_NAME}\` first (it takes no arguments: the server computes the sky from the inputs the person chose on the page), then write your answer from its result.`,
  tr: `Her mesajda önce \`${HOROSCOPE_FACTS_TOOL_NAME}\` aracını çağırın (argüman almaz: sunucu gökyüzünü kişinin sayfada seçtiklerinden hesaplar), sonra yanıtınızı onun sonucuna göre yazın.`,
};

const UNAVAILABLE: Record<Locale, string> = {
  en: '**Demo reading.** The sky could not be computed for these inputs. Check the sign, date and place and try again.',
  tr: '**Demo yorum.** Bu bilgilerle gökyüzü hesaplanamadı. Burcu, tarihi ve yeri kontrol edip yeniden deneyin.',
};

/**
 * Horoscope (/horoscope/:type): readings by type, grounded in the sky the server computes. The
 * model calls horoscope_sky, gets the positions for the person's inputs and writes the reading in
 * their language; the offline demo writes a templated reading from the same facts.
 */
export const horoscopeTool = defineTool<HoroscopeInput>({
  id: 'horoscope',
  input: horoscopeToolInputSchema,
  routes: [{ path: '/api/horoscope', create: () => horoscopeRoutes() }],
  systemPrompt: ({ locale, input }) =>
    // The turn refuses a missing type before any prompt is made; daily is only a type-safe default.
    [horoscopeSystemPrompt(input?.type ?? 'daily', locale), '', CALL_RULE[locale]].join('\n'),
  functions: (turn) => ({ [HOROSCOPE_FACTS_TOOL_NAME]: horoscopeSkyFunction(turn) }),
  // The call, its result, the reading.
  maxSteps: 3,
  demo: {
    call: ({ input }) => (input ? { name: HOROSCOPE_FACTS_TOOL_NAME, input: {} } : null),
    answer: ({ locale, results }) => {
      const output = results.find((r) => r.name === HOROSCOPE_FACTS_TOOL_NAME)?.output;
      const facts = horoscopeFactsSchema.safeParse(output);
      return facts.success ? demoReading({ facts: facts.data, locale }) : UNAVAILABLE[locale];
    },
  },
});
