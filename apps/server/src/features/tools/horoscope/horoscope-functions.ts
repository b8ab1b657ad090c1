import type { HoroscopeFacts, HoroscopeInput } from '@polymath/shared';
import { tool } from 'ai';
import { z } from 'zod';
import type { ToolTurn } from '../../chat/index.ts';
import { computeHoroscopeFacts } from './horoscope-facts.ts';
import { HOROSCOPE_FACTS_TOOL_NAME } from './horoscope-prompts.ts';

/**
 * horoscope_sky: the computed sky a reading rests on. It takes no arguments on purpose: the
 * positions come from the turn's own inputs (type, sign or birth data, the person's zone), parsed
 * and checked by the chat turn, so nothing the model says can move a planet.
 */
export function horoscopeSkyFunction(turn: ToolTurn<HoroscopeInput>) {
  return tool({
    description:
      "Computes the real sky for this reading from the person's inputs on the page: the Sun, the Moon (sign, phase) and Mercury to Saturn (sign, degree, retrograde), the ingresses and lunar phases of the reading's period, the person's sign and solar houses, the pair's relation or the birth chart. Takes no arguments. Call it before writing a reading.",
    inputSchema: z.object({}),
    async execute(): Promise<HoroscopeFacts> {
      const input = turn.input;
      if (!input) throw new Error('The horoscope turn has no inputs');
      return computeHoroscopeFacts(input, { now: turn.now, timeZone: input.timeZone, locale: turn.locale });
    },
  });
}

export { HOROSCOPE_FACTS_TOOL_NAME };
