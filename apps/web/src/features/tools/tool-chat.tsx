import { type ChatToolId, threadPagePath, toolRequiresPro } from '@polymath/shared';
import type { LucideIcon } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { upgradeToProDialogSet } from '../../lib/store/dialogs-slice.ts';
import { useAppDispatch, useAppSelector } from '../../lib/store/store.ts';
import { ConversationPanel, type ConversationTool, useChatSession } from '../chat/index.ts';
import { CreditsMeter } from '../credits/index.ts';
import { DemoBanner, isModelLocked, useCurrentModel } from '../models/index.ts';
import { ProToolNotice } from './pro-tool-notice.tsx';
import { ToolIntro } from './tool-intro.tsx';

export type ToolChatProps = {
  toolId: ChatToolId;
  /** The tool's texts in the `tools` namespace (title, description, examples). */
  toolKey: string;
  icon: LucideIcon;
  /** The sub-page this chat belongs to (the horoscope type), part of its threads' addresses. */
  pathId?: string | undefined;
  /** An empty chat shows the model's description and examples instead of the tool's (AI Chat). */
  modelIntro?: boolean;
  /** PDFs may be attached (ask PDF, Pro): free people see them locked. */
  documents?: boolean;
  /** The tool's own intro of an empty chat, in place of its title, description and examples. */
  intro?: (fill: (text: string) => void) => ReactNode;
  /** Starter examples made by the page, after the ones in the tool's texts. */
  examples?: readonly string[];
} & Pick<
  ConversationTool,
  | 'inputs'
  | 'input'
  | 'canSend'
  | 'functionCard'
  | 'onThreadInput'
  | 'answerText'
  | 'answerFooter'
  | 'sendDisabled'
  | 'takeFiles'
>;

/**
 * A tool's page as a real chat thread (spec §2: every tool page uses the shared chat layout): its
 * intro and examples on an empty chat, its inputs above the message box, its threads in the
 * history at /<tool>/<threadId>. A Pro tool says so to free users and sends them to the upgrade.
 */
export function ToolChat({
  toolId,
  toolKey,
  icon,
  pathId,
  intro,
  modelIntro,
  documents,
  examples,
  canSend,
  ...parts
}: ToolChatProps) {
  const { t } = useTranslation('tools');
  const dispatch = useAppDispatch();
  const { threadId } = useParams();
  const current = useChatSession(threadId);
  const { model, modelId, isPro } = useCurrentModel(toolId);
  const signedIn = useAppSelector((s) => s.user.currentUser !== null);
  const proOnly = toolRequiresPro(toolId);
  const lockedTool = proOnly && signedIn && !isPro;
  const tool: ConversationTool = {
    id: toolId,
    title: t(`${toolKey}.title`),
    pathOf: (id) => threadPagePath(toolId, id || undefined, pathId),
    intro: modelIntro
      ? undefined
      : (fill) => (
          <>
            {lockedTool ? <ProToolNotice /> : null}
            {intro ? (
              intro(fill)
            ) : (
              <ToolIntro
                toolKey={toolKey}
                icon={icon}
                badge={proOnly ? 'PRO' : undefined}
                extraExamples={examples}
                onExample={fill}
              />
            )}
          </>
        ),
    ...(documents ? { documents: { locked: signedIn && !isPro } } : {}),
    canSend: () => {
      if (lockedTool) {
        dispatch(upgradeToProDialogSet(true));
        return false;
      }
      return canSend ? canSend() : true;
    },
    ...parts,
  };
  return (
    <ConversationPanel
      key={current.key}
      tool={tool}
      threadId={current.id}
      existing={current.existing}
      current={{ model, modelId, locked: model ? isModelLocked(model, isPro) : false }}
      banner={model?.demo ? <DemoBanner /> : null}
      footer={
        <div className="px-3 pb-2">
          {signedIn ? (
            <Suspense fallback={null}>
              <CreditsMeter />
            </Suspense>
          ) : null}
        </div>
      }
    />
  );
}
