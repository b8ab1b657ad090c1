import { toolIdFromPath } from '@polymath/shared';
import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppSelector } from '../../app/store.ts';

/** The header's model area: the model this tool talks to (its setting in the chat slice, spec §3). */
export function ModelPicker() {
  const { t } = useTranslation();
  const toolId = toolIdFromPath(useLocation().pathname);
  const setting = useAppSelector((s) => s.chat.toolSettings[toolId]);
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-xl px-2 py-1.5" data-testid="model-picker">
      <Bot className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
      <span className="sr-only">{t('models.current')}</span>
      <span className="truncate font-semibold">{setting?.modelName ?? 'gpt-4o-mini'}</span>
    </div>
  );
}
