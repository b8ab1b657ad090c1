import {
  GENERATE_LOGO_FUNCTION,
  logoMakerInputSchema,
  MAKE_TEXT_LOGO_FUNCTION,
  TEXT_LOGO_SCRIPT_MESSAGE,
  VALIDATION_MESSAGES,
} from '@polymath/shared';
import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { buttonClass } from '../../../components/ui/button.tsx';
import { toolInputChanged } from '../../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch } from '../../../lib/store/store.ts';
import { imageCard, toolPage } from '../tool-page.tsx';
import { clearRefine, LogoBrief, parseLogoBrief, refineLogo, selectLogoDraft } from './logo-brief.tsx';

/**
 * /logo-maker/:threadId? — a guided brief (graphic or text logo, brand, tagline, industry, style,
 * colours) above the chat; the answers show the candidates, each with "Refine this one", which
 * makes the next message continue from it.
 */
export const Component = toolPage({
  id: 'logo-maker',
  usePage() {
    const { t } = useTranslation(['logo-maker', 'validation']);
    const store = useStore<RootState>();
    const dispatch = useAppDispatch();
    const [brandError, setBrandError] = useState<string>();
    const card = imageCard({
      actions: (image) => (
        <button
          type="button"
          onClick={() => {
            dispatch(refineLogo(image));
            document.getElementById('chat-input')?.focus();
          }}
          className={buttonClass('ghost', 'sm', 'h-8 px-2 text-xs')}
          data-testid="logo-refine"
        >
          <Sparkles className="h-4 w-4" aria-hidden="true" />
          {t('refine')}
        </button>
      ),
    });
    return {
      inputs: <LogoBrief brandError={brandError} onBrandEdited={() => setBrandError(undefined)} />,
      canSend: () => {
        const parsed = logoMakerInputSchema.safeParse(selectLogoDraft(store.getState()));
        if (parsed.success) return true;
        // A name a text logo cannot draw says so; anything else wrong with the brief is the missing name.
        const script = parsed.error.issues.some((issue) => issue.message === TEXT_LOGO_SCRIPT_MESSAGE);
        setBrandError(
          script
            ? t('logo-maker:brief.textScript')
            : t('validation:required', { defaultValue: VALIDATION_MESSAGES.required }),
        );
        document.querySelector<HTMLInputElement>('[data-testid="logo-brand-name"]')?.focus();
        return false;
      },
      input: () => {
        const brief = parseLogoBrief(selectLogoDraft(store.getState())) ?? undefined;
        // A refinement is one request: the next message starts from the brief again.
        if (brief?.refineImageId) queueMicrotask(() => dispatch(clearRefine()));
        return brief;
      },
      onThreadInput: (input) => {
        if (input) dispatch(toolInputChanged({ toolId: 'logo-maker', input: { ...input, refineImageId: undefined } }));
      },
      functions: { [GENERATE_LOGO_FUNCTION]: card, [MAKE_TEXT_LOGO_FUNCTION]: card },
    };
  },
});
