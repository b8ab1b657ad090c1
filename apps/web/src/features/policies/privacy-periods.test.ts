import { FREE_HISTORY_DAYS, RETENTION } from '@polymath/shared';
import { describe, expect, it } from 'vitest';
import { policies as en } from './content/en.ts';
import type { PolicyDocument } from './content/policy-types.ts';
import { policies as tr } from './content/tr.ts';

const text = (doc: PolicyDocument) => doc.sections.flatMap((s) => s.paragraphs).join('\n');

/** Each period of RETENTION as the policy writes it, per language. */
const periods = {
  en: [
    `${RETENTION.pageViewMonths} months`,
    `${RETENTION.technicalRecordDays} days`,
    `restored for ${RETENTION.deletedChatDays} days`,
    `within ${RETENTION.deletedAccountDays} days`,
    `within ${RETENTION.backupDays} days`,
    `${RETENTION.billingRecordYears} years`,
    `older than ${FREE_HISTORY_DAYS} days are hidden`,
  ],
  tr: [
    `${RETENTION.pageViewMonths} ay`,
    `${RETENTION.technicalRecordDays} gün`,
    `${RETENTION.deletedChatDays} gün boyunca geri yüklenebilir`,
    `${RETENTION.deletedAccountDays} gün içinde sileriz`,
    `${RETENTION.backupDays} gün içinde`,
    `${RETENTION.billingRecordYears} yıl`,
    `${FREE_HISTORY_DAYS} günden eski sohbetler gizlenir`,
  ],
};

describe('the privacy policy names the periods the code keeps (shared RETENTION)', () => {
  for (const [language, doc] of [
    ['en', en.privacy],
    ['tr', tr.privacy],
  ] as const) {
    it(`in ${language}`, () => {
      for (const period of periods[language]) expect(text(doc)).toContain(period);
    });
  }
});

/** The billing paragraph of "How long we keep data", per language. */
const billing = {
  en: {
    find: 'Stripe, keeps the payment and invoice records',
    says: [
      `${RETENTION.billingRecordYears} years`,
      'we delete our copy of your subscription',
      'no longer linked to your account',
    ],
  },
  tr: {
    find: 'Stripe, vergi ve ticaret mevzuatının',
    says: [`${RETENTION.billingRecordYears} yıl`, 'aboneliğinizin bizdeki kaydını', 'ilişkisi kaldırılmış'],
  },
};

describe('the privacy policy says what happens to billing records when the account is deleted', () => {
  for (const [language, doc] of [
    ['en', en.privacy],
    ['tr', tr.privacy],
  ] as const) {
    it(`in ${language}: Stripe keeps the legal records; our subscription copy goes, anonymous changes and refunds stay`, () => {
      // Account deletion removes `subscriptions` and the sandbox's records and clears the person's id on
      // `subscription_changes` and `refunds` (apps/server/test/account.test.ts): the policy must not
      // promise that our own billing records outlive the account.
      const paragraphs = doc.sections.flatMap((s) => s.paragraphs);
      const paragraph = paragraphs.find((p) => p.includes(billing[language].find));
      expect(paragraph).toBeDefined();
      for (const phrase of billing[language].says) expect(paragraph).toContain(phrase);
      expect(text(doc)).not.toMatch(/even after your account is deleted|hesabınız silinmiş olsa bile/);
    });
  }
});
