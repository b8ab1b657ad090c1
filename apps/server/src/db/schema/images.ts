import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { threads } from './chat.ts';

/**
 * An image a tool made (or is making) for a person: the gallery's rows. Created `queued` by the
 * function call that asked for it, made by a job (`generating`), then `ready` with its files, or
 * `failed` with an error code. Deleting sets deleted_at (undo clears it).
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: text('tool_id').notNull(),
    /** The chat it came from; kept (as null) when that chat is purged, so the image stays. */
    threadId: text('thread_id').references(() => threads.id, { onDelete: 'set null' }),
    /** The answer whose function call asked for it: the answer shows its images. */
    answerId: text('answer_id'),
    /** The image this one is a variation or a regeneration of. */
    parentId: text('parent_id'),
    prompt: text('prompt').notNull(),
    modelId: text('model_id').notNull(),
    aspectRatio: text('aspect_ratio').notNull(),
    style: text('style'),
    status: text('status').notNull().default('queued'),
    errorCode: text('error_code'),
    mediaType: text('media_type'),
    width: integer('width'),
    height: integer('height'),
    bytes: integer('bytes'),
    fileKey: text('file_key'),
    thumbKey: text('thumb_key'),
    /** Edits: the file the picture starts from (the person's photo, or the image refined). */
    sourceKey: text('source_key'),
    /** Edits: where the picture may change, in fractions of the source ({ x, y, width, height }); null: anywhere. */
    editArea: jsonb('edit_area'),
    /** Files beside the original: a text logo's SVG and its previews ({ svg, light, dark }: file keys). */
    extraFiles: jsonb('extra_files'),
    /**
     * What the image's kind keeps beside it (features/images/image-kinds.ts): a text logo's design
     * (layout, fonts, case, mark; the same design renders the same files), a photo translation's
     * languages, stage and result. Null for an image model's pictures.
     */
    design: jsonb('design'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('images_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()).where(sql`deleted_at is null`),
    index('images_answer_idx').on(t.answerId),
    // The daily usage rollup reads a day's images (features/usage).
    index('images_created_idx').on(t.createdAt),
  ],
);
