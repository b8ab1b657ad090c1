import type { ChatToolId } from '@polymath/shared';
import type { LucideIcon } from 'lucide-react';
import { ToolIntro } from '../../features/tools/tool-intro.tsx';
import { draftChanged } from '../../lib/store/chat-slice.ts';
import { useAppDispatch } from '../../lib/store/store.ts';

/** A chat tool's screen before its first message: what it does and examples that fill the input. */
export function ToolScreen({
  toolKey,
  toolId,
  icon,
  badge,
}: {
  toolKey: string;
  toolId: ChatToolId;
  icon: LucideIcon;
  badge?: string;
}) {
  const dispatch = useAppDispatch();
  return (
    <ToolIntro
      toolKey={toolKey}
      icon={icon}
      badge={badge}
      onExample={(text) => {
        dispatch(draftChanged({ key: toolId, text }));
        document.getElementById('chat-input')?.focus();
      }}
    />
  );
}
