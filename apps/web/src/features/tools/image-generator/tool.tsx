import { GENERATE_IMAGE_FUNCTION } from '@polymath/shared';
import { useStore } from 'react-redux';
import { toolInputChanged } from '../../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch } from '../../../lib/store/store.ts';
import { imageCard, toolPage } from '../tool-page.tsx';
import { ImageOptions, selectImageOptions } from './image-options.tsx';

/** /image-generator/:threadId? — Pro: describe an image, the model asks the image model, cards follow the jobs. */
export const Component = toolPage({
  id: 'image-generator',
  usePage() {
    const store = useStore<RootState>();
    const dispatch = useAppDispatch();
    return {
      inputs: <ImageOptions />,
      input: () => selectImageOptions(store.getState()),
      onThreadInput: (input) => {
        if (input) dispatch(toolInputChanged({ toolId: 'image-generator', input }));
      },
      functions: { [GENERATE_IMAGE_FUNCTION]: imageCard() },
    };
  },
});
