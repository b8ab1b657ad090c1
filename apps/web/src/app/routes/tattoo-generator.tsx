import { Feather } from 'lucide-react';
import { useStore } from 'react-redux';
import { selectTattooOptions, TattooOptions } from '../../features/tools/tattoo-generator/tattoo-options.tsx';
import { toolInputChanged } from '../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch } from '../../lib/store/store.ts';
import { ToolChat } from './tool-chat.tsx';
import { renderImagesOf, TATTOO_FUNCTIONS } from './tool-parts.tsx';

/**
 * /tattoo-generator/:threadId? — describe the tattoo (the message), choose style, placement and
 * colour, and optionally add a photo of the spot: the answer shows the stencil and, with a photo,
 * the design on it as before and after.
 */
export function Component() {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  return (
    <ToolChat
      toolId="tattoo-generator"
      toolKey="tattooGenerator"
      icon={Feather}
      inputs={<TattooOptions />}
      input={() => selectTattooOptions(store.getState())}
      onThreadInput={(input) => {
        if (input) dispatch(toolInputChanged({ toolId: 'tattoo-generator', input }));
      }}
      renderToolPart={(part, message) => renderImagesOf(TATTOO_FUNCTIONS, part, message, { compare: true })}
    />
  );
}
