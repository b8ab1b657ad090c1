import { type CompatibilityFacts, SIGN_ASPECTS, signIndex, type ZodiacSign, zodiacSign } from '@polymath/shared';

/** Fire feeds on air, earth holds water: the classical pairing of elements. */
const COMPLEMENTARY = new Set(['fire:air', 'air:fire', 'earth:water', 'water:earth']);

/** How two sun signs relate: their distance around the zodiac, elements and modalities. */
export function compatibilityOf(first: ZodiacSign, second: ZodiacSign): CompatibilityFacts {
  const a = zodiacSign(first);
  const b = zodiacSign(second);
  const steps = (signIndex(second) - signIndex(first) + 12) % 12;
  const distance = Math.min(steps, 12 - steps);
  const elements =
    a.element === b.element ? 'same' : COMPLEMENTARY.has(`${a.element}:${b.element}`) ? 'complementary' : 'contrasting';
  return {
    distance,
    aspect: SIGN_ASPECTS[distance] ?? 'opposition',
    elements,
    modalities: a.modality === b.modality ? 'same' : 'different',
  };
}
