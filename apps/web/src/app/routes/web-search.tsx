import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { answerSources, citedText, searchActivity } from '../../features/tools/web-search/answer-sources.ts';
import { PeopleResearchPanel, peopleResearchExamples } from '../../features/tools/web-search/people-research-panel.tsx';
import { SearchProgress } from '../../features/tools/web-search/search-progress.tsx';
import { SourceCards } from '../../features/tools/web-search/source-cards.tsx';
import { WebSearchNotSetUp } from '../../features/tools/web-search/web-search-not-set-up.tsx';
import { useGetPublicConfigQuery } from '../../lib/api/base-api.ts';
import { ToolChat } from './tool-chat.tsx';

/**
 * /web-search/:threadId? — a chat whose model searches the web and reads result pages. Answers cite
 * numbered sources inline ([n] links to the page) and list them as cards underneath; progress shows
 * while the functions run. The people-research panel sits above the message box. With no search
 * service on the server, the page says so, names the settings and sends nothing.
 */
export function Component() {
  const { i18n } = useTranslation();
  const { data: config } = useGetPublicConfigQuery();
  const notSetUp = config?.webSearch === false;
  return (
    <ToolChat
      toolId="web-search"
      toolKey="webSearch"
      icon={Globe}
      examples={peopleResearchExamples(i18n.language === 'tr' ? 'tr' : 'en')}
      sendDisabled={notSetUp}
      inputs={notSetUp ? <WebSearchNotSetUp /> : ({ send, busy }) => <PeopleResearchPanel onRun={send} busy={busy} />}
      // The calls show under the answer (progress, then the source cards), not one by one.
      renderToolPart={() => null}
      answerText={(text, message, { before }) => citedText(text, message, before(message.id))}
      answerFooter={(message, { before, streaming }) => {
        const activity = searchActivity(message);
        return (
          <>
            {streaming ? <SearchProgress {...activity} /> : null}
            <SourceCards sources={answerSources(message, before(message.id))} />
          </>
        );
      }}
    />
  );
}
