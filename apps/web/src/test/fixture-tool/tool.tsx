import { toolPage } from '../../features/tools/tool-page.tsx';
import { ECHO_FUNCTION, FIXTURE_TOOL_ID } from './catalogue-entry.ts';

/**
 * The test-only tool's folder file, as features/tools/<tool>/tool.tsx would be: its inputs above the
 * message box, the card of its one function, and what each request carries.
 */
export const Component = toolPage({
  id: FIXTURE_TOOL_ID,
  usePage: () => ({
    inputs: <p data-testid="fixture-echo-inputs">Echo settings</p>,
    input: () => ({ loud: true }),
    functions: {
      [ECHO_FUNCTION]: (part) => (
        <output data-testid="fixture-echo-card">
          {part.state === 'output-available' ? String((part.output as { echoed: string }).echoed) : '…'}
        </output>
      ),
    },
  }),
});
