import type { ChatToolId, ToolCatalogueEntry } from '@polymath/shared';

/**
 * The test-only tool's catalogue entry (what packages/shared/src/tools/tool-catalogue.ts would hold
 * for a real tool). Its id is not a ChatToolId of the shipped catalogue, hence the cast.
 */
export const FIXTURE_TOOL_ID = 'fixture-echo' as ChatToolId;
export const FIXTURE_TOOL_ENTRY: ToolCatalogueEntry = { id: FIXTURE_TOOL_ID };

/** The function its answers call, and the card test the page shows for it. */
export const ECHO_FUNCTION = 'echo_back';
