import { type PublicModel, toolIdFromPath } from '@polymath/shared';
import { Brain, Check, Eye, Lock } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { cn } from '../../components/ui/cn.ts';
import { toolModelChosen } from '../../lib/store/chat-slice.ts';
import { upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch } from '../../lib/store/store.ts';
import { Badge, MODEL_TRIGGER_CLASS, ModelPickerLabel } from './model-picker.tsx';
import { groupByProvider, isModelLocked } from './model-selection.ts';
import { useCurrentModel } from './use-current-model.ts';

/**
 * The header's model menu: models grouped by provider, with what each can do. Choosing one stores
 * it as this tool's setting (persisted); a Pro model for someone who is not Pro opens the upgrade
 * dialog instead; a model whose provider is not configured is shown but cannot be chosen.
 */
/** The model menu itself (Radix), loaded when the header's model button is first used (model-picker.tsx). */
export default function ModelMenu({ defaultOpen }: { defaultOpen?: boolean }) {
  const { t } = useTranslation('chat');
  const dispatch = useAppDispatch();
  const toolId = toolIdFromPath(useLocation().pathname);
  const { models, model, notInPlan, modelId, isPro, isLoading, isError } = useCurrentModel(toolId);
  const name = model?.displayName ?? modelId;
  const descriptionId = useId();
  const noteId = useId();
  const planNote =
    notInPlan && model ? t('models.notInPlan', { wanted: notInPlan.displayName, name: model.displayName }) : null;

  const choose = (option: PublicModel) => {
    if (isModelLocked(option, isPro)) {
      // After the menu has closed and focus is back on its trigger, so closing the dialog returns there.
      setTimeout(() => dispatch(upgradeToProDialogSet(true)), 0);
      return;
    }
    if (!option.available) return;
    dispatch(toolModelChosen({ toolId, setting: { llmName: option.provider, modelName: option.id } }));
  };

  return (
    // Not modal: the page behind stays in the accessibility tree (no aria-hidden around focusable content).
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={MODEL_TRIGGER_CLASS} aria-describedby={descriptionId} data-testid="model-picker">
        <ModelPickerLabel name={name} demo={model?.demo ?? false} descriptionId={descriptionId} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto rounded-2xl border border-border bg-bg p-1.5 text-fg shadow-xl"
          data-testid="model-menu"
          aria-describedby={planNote ? noteId : undefined}
        >
          {models.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted" role="status">
              {isLoading ? t('models.loading') : isError ? t('models.loadFailed') : t('models.none')}
            </p>
          ) : (
            <>
              {planNote ? (
                // The tool's model is a Pro model: say which one answers instead (modelForPlan in
                // shared); it describes the menu, so a screen reader says it when the menu opens.
                <DropdownMenu.Label
                  id={noteId}
                  className="px-3 pb-1 pt-2 text-xs text-muted"
                  data-testid="model-plan-note"
                >
                  {planNote}
                </DropdownMenu.Label>
              ) : null}
              <DropdownMenu.RadioGroup value={model?.id ?? ''}>
                {groupByProvider(models).map((group, index) => (
                  <DropdownMenu.Group key={group.provider}>
                    {index > 0 ? <DropdownMenu.Separator className="my-1 h-px bg-border" /> : null}
                    <DropdownMenu.Label className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted">
                      {group.label}
                    </DropdownMenu.Label>
                    {group.models.map((option) => (
                      <ModelOption
                        key={option.id}
                        model={option}
                        locked={isModelLocked(option, isPro)}
                        onChoose={choose}
                      />
                    ))}
                  </DropdownMenu.Group>
                ))}
              </DropdownMenu.RadioGroup>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function ModelOption({
  model,
  locked,
  onChoose,
}: {
  model: PublicModel;
  locked: boolean;
  onChoose: (model: PublicModel) => void;
}) {
  const { t } = useTranslation('chat');
  const unavailable = !model.available;
  return (
    <DropdownMenu.RadioItem
      value={model.id}
      disabled={unavailable}
      onSelect={() => onChoose(model)}
      data-testid={`model-option-${model.id}`}
      data-locked={locked || undefined}
      className={cn(
        'relative flex cursor-pointer gap-3 rounded-xl px-3 py-2.5 text-sm outline-none',
        'data-[highlighted]:bg-surface-2 data-[state=checked]:bg-accent-soft',
        'data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60',
      )}
    >
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex flex-wrap items-center gap-1.5">
          <span className="font-medium">{model.displayName}</span>
          {model.tier === 'pro' ? <Badge kind="pro">{t('models.pro')}</Badge> : null}
          {model.demo ? <Badge kind="demo">{t('models.demo')}</Badge> : null}
          {model.capabilities.vision ? (
            <span title={t('models.vision')} className="inline-flex text-muted">
              <Eye className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">{t('models.vision')}</span>
            </span>
          ) : null}
          {model.capabilities.reasoning ? (
            <span title={t('models.reasoning')} className="inline-flex text-muted">
              <Brain className="h-3.5 w-3.5" aria-hidden="true" />
              <span className="sr-only">{t('models.reasoning')}</span>
            </span>
          ) : null}
        </span>
        {model.description ? <span className="line-clamp-2 text-xs text-muted">{model.description}</span> : null}
        {unavailable ? (
          <span className="text-xs font-medium text-muted">{t('models.notConfigured')}</span>
        ) : locked ? (
          <span className="text-xs font-medium text-pro">{t('models.locked')}</span>
        ) : null}
      </span>
      <span className="flex w-4 shrink-0 items-start pt-0.5">
        {locked && !unavailable ? (
          <Lock className="h-4 w-4 text-pro" aria-hidden="true" />
        ) : (
          <DropdownMenu.ItemIndicator>
            <Check className="h-4 w-4 text-accent" aria-hidden="true" />
          </DropdownMenu.ItemIndicator>
        )}
      </span>
    </DropdownMenu.RadioItem>
  );
}
