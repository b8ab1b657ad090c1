import { keepSourceLinks, mergeSources, sourcesInParts, type WebSource } from '@polymath/shared';
import type { UIMessage } from 'ai';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { messages } from '../../../db/schema/index.ts';
import type { Logger } from '../../../lib/logger.ts';

/**
 * The sources a web-search thread already has: every result and page of its earlier answers, by the
 * number it was given. A follow-up's registry starts from these, so its numbers carry on where the
 * last answer's stopped and "[2]" still means the page the person saw as 2.
 */
export async function threadSources(
  db: Db,
  args: { userId: string; threadId: string; answerId: string },
): Promise<WebSource[]> {
  const rows = await db
    .select({ parts: messages.parts })
    .from(messages)
    .where(
      and(
        eq(messages.threadId, args.threadId),
        eq(messages.userId, args.userId),
        eq(messages.role, 'assistant'),
        ne(messages.id, args.answerId),
      ),
    )
    .orderBy(asc(messages.seq));
  return mergeSources(...rows.map((row) => sourcesInParts(row.parts as UIMessage['parts'])));
}

/**
 * An answer's text held to its sources before it is stored: links to anything but a source the
 * thread has are unlinked and [n] markers with no source n are dropped (keepSourceLinks). The page
 * applies the same rules when it shows the answer; this keeps the stored copy (what a reload, a
 * copy and the next turn's model read) honest too. What had to go is logged.
 */
export function holdAnswerToSources(
  parts: UIMessage['parts'],
  earlier: readonly WebSource[],
  log?: Pick<Logger, 'warn'>,
): UIMessage['parts'] {
  const sources = mergeSources(earlier, sourcesInParts(parts));
  return parts.map((part) => {
    if (part.type !== 'text') return part;
    const kept = keepSourceLinks(part.text, sources);
    if (kept.removedLinks.length > 0 || kept.unknownMarkers.length > 0) {
      log?.warn(
        { removedLinks: kept.removedLinks.length, unknownMarkers: kept.unknownMarkers },
        'the answer linked or cited what no search returned; that was removed',
      );
    }
    return kept.text === part.text ? part : { ...part, text: kept.text };
  });
}
