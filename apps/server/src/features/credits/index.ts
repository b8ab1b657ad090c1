/** The credits feature's public face: what other features and the tools may use (the rest is its own). */
export { creditDay, nextResetAt, settleCredit, takeCredit, takeCreditSql } from './credits.service.ts';
