import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export const PRO_BENEFIT_KEYS = [
  'allModels',
  'unlimitedMessages',
  'unlimitedHistory',
  'advancedTools',
  'creativeTools',
  'whatsapp',
] as const;

/** What Pro gives (spec §1), shown in the upgrade dialog and on /payment. */
export function ProBenefits() {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-2.5">
      {PRO_BENEFIT_KEYS.map((key) => (
        <li key={key} className="flex items-start gap-2.5 text-sm">
          <Check className="mt-0.5 h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
          {t(`pro.benefits.${key}`)}
        </li>
      ))}
    </ul>
  );
}
