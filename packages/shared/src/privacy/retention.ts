/**
 * How long the privacy policy says each kind of data is kept. One source for both sides: the policy
 * page writes these numbers into its text, and the server's retention job (features/privacy) deletes
 * by them. Change a period here and both follow.
 */
export const RETENTION = {
  /** First-party page views (`page_views`). */
  pageViewMonths: 12,
  /**
   * Technical records holding an IP address or delivery details: ended sign-in sessions (their IP and
   * browser), sign-in rate-limit counters, WhatsApp delivery records. Server logs are the deployment's
   * to keep for this long (the app writes them to standard output only).
   */
  technicalRecordDays: 30,
  /** A deleted chat can be restored (undo) for this long, then it is removed for good. */
  deletedChatDays: 30,
  /** The policy's promise for a deleted account; the app deletes at once, well within it. */
  deletedAccountDays: 30,
  /** Backups (the operator's): copies of deleted data are overwritten within this. */
  backupDays: 35,
  /**
   * Payment and invoice records kept for tax and commercial law: Stripe keeps them (the policy names it);
   * our subscription copy goes with the account, anonymous changes and refunds stay (decision 030).
   */
  billingRecordYears: 10,
} as const;
