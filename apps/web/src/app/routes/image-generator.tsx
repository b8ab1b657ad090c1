import { ImageIcon } from 'lucide-react';
import { useStore } from 'react-redux';
import { ImageOptions, selectImageOptions } from '../../features/tools/image-generator/image-options.tsx';
import { toolInputChanged } from '../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch } from '../../lib/store/store.ts';
import { ToolChat } from './tool-chat.tsx';
import { renderImageCall } from './tool-parts.tsx';

/** /image-generator/:threadId? — Pro: describe an image, the model asks the image model, cards follow the jobs. */
export function Component() {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  return (
    <ToolChat
      toolId="image-generator"
      toolKey="imageGenerator"
      icon={ImageIcon}
      inputs={<ImageOptions />}
      input={() => selectImageOptions(store.getState())}
      onThreadInput={(input) => {
        if (input) dispatch(toolInputChanged({ toolId: 'image-generator', input }));
      }}
      renderToolPart={renderImageCall}
    />
  );
}
