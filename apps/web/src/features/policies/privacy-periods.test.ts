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
