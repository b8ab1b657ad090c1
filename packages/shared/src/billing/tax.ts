/**
 * Tax on a subtotal, rounded to the minor unit. In a file without schemas: the payment page needs
 * it, and a function in billing.schema.ts brought that module's schemas, and zod, to the page (B8).
 */
export function taxOn(amount: number, taxPercent: number): number {
  return Math.round((amount * taxPercent) / 100);
}
