import {
  cityDisplayName,
  HOROSCOPE_SKY_FUNCTION,
  type HoroscopeType,
  horoscopeTypeInfo,
  type Locale,
  threadPagePath,
} from '@polymath/shared';
import { createSelector } from '@reduxjs/toolkit';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import { draftChanged, toolInputChanged } from '../../../lib/store/chat-slice.ts';
import { type RootState, useAppDispatch, useAppSelector } from '../../../lib/store/store.ts';
import { toolPage } from '../tool-page.tsx';
import {
  browserTimeZone,
  buildInput,
  checkInput,
  draftFromInput,
  type HoroscopeDraft,
  type InputErrors,
  personSign,
  readDraft,
  typeFromPath,
  typeOfInput,
} from './horoscope-draft.ts';
import { HoroscopeInputs } from './horoscope-inputs.tsx';
import { HoroscopeIntro } from './horoscope-intro.tsx';
import { SkyFactsCard } from './sky-facts-card.tsx';
import { formatDate, signLabel } from './sky-format.ts';

const selectDraft = createSelector([(state: RootState) => state.chat.toolInputs?.horoscope], readDraft);

/** The message "Get my reading" sends: what is asked, in the person's words and language. */
function readingMessage(type: HoroscopeType, draft: HoroscopeDraft, t: TFunction, locale: Locale): string {
  const subject = horoscopeTypeInfo(type).subject;
  if (subject === 'birth') {
    const date = draft.chartDate ? formatDate(draft.chartDate, locale) : '';
    const city = draft.city?.name ? cityDisplayName({ ...draft.city, name: draft.city.name }, locale) : '';
    return t('horoscope:messages.birth-chart', { date: draft.chartTime ? `${date} ${draft.chartTime}` : date, city });
  }
  const label = (sign: HoroscopeDraft['sign']) => (sign ? signLabel(sign, locale) : '');
  const sign = label(personSign(draft.personBy, draft.sign, draft.birthDate));
  if (subject === 'pair') {
    const partner = label(personSign(draft.partnerBy, draft.partnerSign, draft.partnerBirthDate));
    return t('horoscope:messages.compatibility', { sign, partner });
  }
  return t(`horoscope:messages.${type}`, { sign });
}

/**
 * /horoscope and /horoscope/:pathId/:threadId?: the types as cards; a type's page reads the
 * person's sign (remembered), a pair or a birth moment, and its readings are chats whose answers
 * show the sky the server computed. The type is the address; the rest is the persisted draft.
 */
export const Component = toolPage({
  id: 'horoscope',
  usePage() {
    const { t, i18n } = useTranslation('horoscope');
    const locale: Locale = i18n.language === 'tr' ? 'tr' : 'en';
    const { pathId, threadId } = useParams();
    const navigate = useNavigate();
    const dispatch = useAppDispatch();
    const store = useStore<RootState>();
    const draft = useAppSelector(selectDraft);
    const type = typeFromPath(pathId);
    const unknownType = pathId && !type ? pathId : undefined;
    // Messages belong to the page they were found on: another type starts without them.
    const [found, setFound] = useState<{ page: string | undefined; errors: InputErrors }>({ page: pathId, errors: {} });
    const errors = found.page === pathId ? found.errors : {};

    const currentInput = () => buildInput(type, selectDraft(store.getState()), browserTimeZone());
    const check = (): boolean => {
      const problems = checkInput(currentInput(), t);
      setFound({ page: pathId, errors: problems ?? {} });
      return problems === null;
    };
    const changeDraft = (change: Partial<HoroscopeDraft>, fields: string[]) => {
      dispatch(toolInputChanged({ toolId: 'horoscope', input: change }));
      setFound((current) => {
        const next = { ...current.errors };
        for (const field of fields) delete next[field];
        return { ...current, errors: next };
      });
    };

    return {
      pathId: type,
      intro: (fill) => (
        <HoroscopeIntro
          type={type}
          unknownType={unknownType}
          sign={draft.personBy === 'sign' ? draft.sign : undefined}
          onSign={(sign) => changeDraft({ personBy: 'sign', sign }, ['person.sign', 'person.birthDate'])}
          onExample={fill}
        />
      ),
      inputs: ({ send, busy }) => (
        <HoroscopeInputs
          type={type}
          folded={threadId !== undefined}
          draft={draft}
          errors={errors}
          busy={busy}
          onTypeChange={(next) => navigate(`/horoscope/${next}`)}
          onDraftChange={changeDraft}
          onGetReading={() => {
            if (!type || !check()) return;
            // A question typed in the box is the reading's question; otherwise the button asks for one.
            const typed = (store.getState().chat.drafts.horoscope ?? '').trim();
            const sent = send(typed || readingMessage(type, selectDraft(store.getState()), t, locale));
            if (sent && typed) dispatch(draftChanged({ key: 'horoscope', text: '' }));
          }}
        />
      ),
      input: currentInput,
      canSend: check,
      // The sky the reading rests on: the positions the server computed.
      functions: {
        [HOROSCOPE_SKY_FUNCTION]: (part) => (
          <SkyFactsCard state={part.state} output={part.state === 'output-available' ? part.output : undefined} />
        ),
      },
      onThreadInput: (stored) => {
        const restored = draftFromInput(stored);
        if (restored) {
          // The same place keeps the names the field already shows.
          if (restored.city && restored.city.id === selectDraft(store.getState()).city?.id) delete restored.city;
          dispatch(toolInputChanged({ toolId: 'horoscope', input: restored }));
        }
        // A thread opened under another type's address moves to its own.
        const storedType = typeOfInput(stored);
        if (storedType && storedType !== type && threadId) {
          navigate(threadPagePath('horoscope', threadId, storedType), { replace: true });
        }
      },
    };
  },
});
