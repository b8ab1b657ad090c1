import { GENERATE_TATTOO_FUNCTION } from '@polymath/shared';
import { useStore } from 'react-redux';
import { toolInputChanged } from '../../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch } from '../../../lib/store/store.ts';
import { imageCard, toolPage } from '../tool-page.tsx';
import { selectTattooOptions, TattooOptions } from './tattoo-options.tsx';

/**
 * /tattoo-generator/:threadId? — describe the tattoo (the message), choose style, placement and
 * colour, and optionally add a photo of the spot: the answer shows the stencil and, with a photo,
 * the design on it as before and after.
 */
export const Component = toolPage({
  id: 'tattoo-generator',
  usePage() {
    const store = useStore<RootState>();
    const dispatch = useAppDispatch();
    return {
      inputs: <TattooOptions />,
      input: () => selectTattooOptions(store.getState()),
      onThreadInput: (input) => {
        if (input) dispatch(toolInputChanged({ toolId: 'tattoo-generator', input }));
      },
      functions: { [GENERATE_TATTOO_FUNCTION]: imageCard({ compare: true }) },
    };
  },
});
