import { useTranslation } from 'react-i18next';
import { useGetPublicConfigQuery } from '../../../lib/api/base-api.ts';
import { toolPage } from '../tool-page.tsx';
import { answerSources, citedText, searchActivity } from './answer-sources.ts';
import { PeopleResearchPanel, peopleResearchExamples } from './people-research-panel.tsx';
import { SearchProgress } from './search-progress.tsx';
import { SourceCards } from './source-cards.tsx';
import { WebSearchNotSetUp } from './web-search-not-set-up.tsx';

/**
 * /web-search/:threadId? — a chat whose model searches the web and reads result pages. Answers cite
 * numbered sources inline ([n] links to the page) and list them as cards underneath; progress shows
 * while the functions run. The people-research panel sits above the message box. With no search
 * service on the server, the page says so, names the settings and sends nothing. Its calls have no
 * cards of their own: they show under the answer (progress, then the source cards), not one by one.
 */
export const Component = toolPage({
  id: 'web-search',
  usePage() {
    const { i18n } = useTranslation();
    const { data: config } = useGetPublicConfigQuery();
    const notSetUp = config?.webSearch === false;
    return {
      examples: peopleResearchExamples(i18n.language === 'tr' ? 'tr' : 'en'),
      sendDisabled: notSetUp,
      inputs: notSetUp ? <WebSearchNotSetUp /> : ({ send, busy }) => <PeopleResearchPanel onRun={send} busy={busy} />,
      answerText: (text, message, { before }) => citedText(text, message, before(message.id)),
      answerFooter: (message, { before, streaming }) => {
        const activity = searchActivity(message);
        return (
          <>
            {streaming ? <SearchProgress {...activity} /> : null}
            <SourceCards sources={answerSources(message, before(message.id))} />
          </>
        );
      },
    };
  },
});
