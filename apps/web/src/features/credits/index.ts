import { lazy } from 'react';

// The credits feature's public face: what the tools and other features may use (docs/ARCHITECTURE.md, layers).

/**
 * Today's messages left, loaded when first shown (render it inside a Suspense): a signed-in person's
 * only (the meter shows nothing to a visitor), so its code (with the credits query) is not on a
 * visitor's first screen (B7).
 */
export const CreditsMeter = lazy(() => import('./credits-meter.tsx').then((m) => ({ default: m.CreditsMeter })));
