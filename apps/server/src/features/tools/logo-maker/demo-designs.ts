import type { LogoMakerInput, LogoStyle, TextLogoDesign } from '@polymath/shared';

/**
 * Four text logo designs for a brief, chosen by rule instead of by a model: what the offline demo
 * asks for. A type director's shortlist per style: a wordmark, a lettermark, a stacked name and an
 * emblem, each with a pairing that suits the style. Pure.
 */
const PAIRINGS: Record<LogoStyle | 'default', TextLogoDesign[]> = {
  default: [
    { layout: 'wordmark', font: 'montserrat', letterCase: 'as-typed', letterSpacing: 'tight' },
    { layout: 'lettermark', font: 'playfair-display', letterCase: 'upper', letterSpacing: 'wide', mark: 'circle' },
    { layout: 'stacked', font: 'bebas-neue', letterCase: 'upper', letterSpacing: 'normal' },
    { layout: 'emblem', font: 'space-grotesk', letterCase: 'as-typed', letterSpacing: 'normal', mark: 'hexagon' },
  ],
  minimal: [
    { layout: 'wordmark', font: 'raleway', letterCase: 'lower', letterSpacing: 'wide' },
    { layout: 'lettermark', font: 'montserrat-medium', letterCase: 'upper', letterSpacing: 'wide', mark: 'ring' },
    { layout: 'stacked', font: 'space-grotesk', letterCase: 'upper', letterSpacing: 'normal' },
    { layout: 'emblem', font: 'montserrat', letterCase: 'as-typed', letterSpacing: 'tight', mark: 'square' },
  ],
  geometric: [
    { layout: 'wordmark', font: 'comfortaa', letterCase: 'lower', letterSpacing: 'normal' },
    { layout: 'lettermark', font: 'montserrat', letterCase: 'upper', letterSpacing: 'normal', mark: 'hexagon' },
    { layout: 'emblem', font: 'space-grotesk', letterCase: 'upper', letterSpacing: 'wide', mark: 'diamond' },
    { layout: 'stacked', font: 'righteous', letterCase: 'upper', letterSpacing: 'normal' },
  ],
  mascot: [
    { layout: 'emblem', font: 'righteous', letterCase: 'as-typed', letterSpacing: 'normal', mark: 'circle' },
    { layout: 'wordmark', font: 'pacifico', letterCase: 'as-typed', letterSpacing: 'normal' },
    { layout: 'lettermark', font: 'comfortaa', letterCase: 'upper', letterSpacing: 'normal', mark: 'square' },
    { layout: 'stacked', font: 'bebas-neue', letterCase: 'upper', letterSpacing: 'normal' },
  ],
  emblem: [
    { layout: 'emblem', font: 'cinzel', letterCase: 'upper', letterSpacing: 'wide', mark: 'ring' },
    { layout: 'lettermark', font: 'cinzel', letterCase: 'upper', letterSpacing: 'wide', mark: 'hexagon' },
    { layout: 'stacked', font: 'oswald', letterCase: 'upper', letterSpacing: 'wide', mark: 'circle' },
    { layout: 'wordmark', font: 'playfair-display', letterCase: 'as-typed', letterSpacing: 'normal' },
  ],
  vintage: [
    {
      layout: 'wordmark',
      font: 'playfair-display',
      letterCase: 'as-typed',
      letterSpacing: 'normal',
      taglineFont: 'cinzel',
    },
    { layout: 'emblem', font: 'cinzel', letterCase: 'upper', letterSpacing: 'wide', mark: 'ring' },
    { layout: 'stacked', font: 'oswald', letterCase: 'upper', letterSpacing: 'wide' },
    { layout: 'lettermark', font: 'dm-serif-display', letterCase: 'upper', letterSpacing: 'normal', mark: 'circle' },
  ],
  'hand-drawn': [
    { layout: 'wordmark', font: 'caveat', letterCase: 'as-typed', letterSpacing: 'normal' },
    { layout: 'emblem', font: 'caveat', letterCase: 'as-typed', letterSpacing: 'normal', mark: 'ring' },
    { layout: 'stacked', font: 'pacifico', letterCase: 'as-typed', letterSpacing: 'normal' },
    { layout: 'lettermark', font: 'caveat', letterCase: 'upper', letterSpacing: 'normal', mark: 'circle' },
  ],
  modern: [
    { layout: 'wordmark', font: 'montserrat', letterCase: 'upper', letterSpacing: 'tight' },
    { layout: 'emblem', font: 'space-grotesk', letterCase: 'as-typed', letterSpacing: 'tight', mark: 'square' },
    { layout: 'stacked', font: 'bebas-neue', letterCase: 'upper', letterSpacing: 'normal' },
    { layout: 'lettermark', font: 'montserrat', letterCase: 'upper', letterSpacing: 'normal', mark: 'diamond' },
  ],
  playful: [
    { layout: 'wordmark', font: 'pacifico', letterCase: 'as-typed', letterSpacing: 'normal' },
    { layout: 'emblem', font: 'comfortaa', letterCase: 'lower', letterSpacing: 'normal', mark: 'circle' },
    { layout: 'stacked', font: 'righteous', letterCase: 'as-typed', letterSpacing: 'normal' },
    { layout: 'lettermark', font: 'righteous', letterCase: 'upper', letterSpacing: 'normal', mark: 'hexagon' },
  ],
  luxury: [
    { layout: 'wordmark', font: 'cinzel', letterCase: 'upper', letterSpacing: 'wide' },
    { layout: 'lettermark', font: 'playfair-display', letterCase: 'upper', letterSpacing: 'normal', mark: 'ring' },
    { layout: 'stacked', font: 'dm-serif-display', letterCase: 'as-typed', letterSpacing: 'normal' },
    { layout: 'emblem', font: 'cinzel', letterCase: 'upper', letterSpacing: 'wide', mark: 'diamond' },
  ],
};

export function suggestTextLogoDesigns(input: LogoMakerInput | undefined): TextLogoDesign[] {
  return PAIRINGS[input?.style ?? 'default'].map((design) => ({ ...design }));
}
