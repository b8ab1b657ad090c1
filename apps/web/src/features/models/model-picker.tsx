import { toolIdFromPath } from '@polymath/shared';
import { Bot, ChevronDown } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { useLoadOnUse } from '../../components/ui/use-load-on-use.ts';
import { useCurrentModel } from './use-current-model.ts';

export const MODEL_TRIGGER_CLASS =
  'flex min-w-0 max-w-full cursor-pointer items-center gap-2 rounded-xl px-2 py-1.5 text-left transition hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent';

const loadMenu = () => import('./model-menu.tsx');
const ModelMenu = lazy(loadMenu);

/**
 * The model button's content, which is also its accessible name (WCAG 2.5.3: a person using voice
 * control says what they see, the Demo badge included). What the button does is its description,
 * `descriptionId`, beside the menu-button role.
 */
export function ModelPickerLabel({
  name,
  demo,
  descriptionId,
}: {
  name: string;
  demo: boolean;
  descriptionId: string;
}) {
  const { t } = useTranslation('chat');
  return (
    <>
      <Bot className="h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
      <span className="truncate font-semibold" data-testid="current-model-name">
        {name}
      </span>
      {/* A space between the words of the name; the flex layout spaces them on screen. */}
      {demo ? (
        <>
          {' '}
          <Badge kind="demo">{t('models.demo')}</Badge>
        </>
      ) : null}
      <ChevronDown className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
      <span id={descriptionId} hidden>
        {t('models.change')}
      </span>
    </>
  );
}

/**
 * The header's model button: the model in use. Its menu (model-menu.tsx: models grouped by provider,
 * choosing, the upgrade for a Pro model) loads when the button is first used, not with the first screen.
 */
export function ModelPicker() {
  const toolId = toolIdFromPath(useLocation().pathname);
  const { model, modelId } = useCurrentModel(toolId);
  const { used, triggerProps } = useLoadOnUse(loadMenu);
  const descriptionId = useId();
  const name = model?.displayName ?? modelId;
  const button = (
    <button
      type="button"
      className={MODEL_TRIGGER_CLASS}
      aria-describedby={descriptionId}
      data-testid="model-picker"
      {...triggerProps}
    >
      <ModelPickerLabel name={name} demo={model?.demo ?? false} descriptionId={descriptionId} />
    </button>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <ModelMenu defaultOpen />
    </Suspense>
  );
}

export function Badge({ kind, children }: { kind: 'pro' | 'demo'; children: string }) {
  return (
    <span
      className={cn(
        'shrink-0 rounded-md px-1.5 py-px text-[10px] font-bold uppercase leading-4',
        kind === 'pro' ? 'bg-pro/15 text-pro' : 'bg-accent-soft text-accent ring-1 ring-accent/40',
      )}
    >
      {children}
    </span>
  );
}
