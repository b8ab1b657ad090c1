import { randomBytes } from 'node:crypto';
import { DATA_EXPORT_KEEP_DAYS, type DataExport, type DataExportStatus } from '@polymath/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { dataExports } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { type JobSender, jobRef } from '../../lib/queue/job.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { ownerFolder } from '../../lib/storage/owner-folder.ts';

/**
 * A person's data export (decision 032): at most one per person, queued here, built by
 * data-export.job.ts, downloaded while signed in until it expires, then deleted by the purge job.
 */

export type DataExportRow = typeof dataExports.$inferSelect;

/** Where exports live in the file store: exports/<the person's folder>/<export id>.zip. */
export const EXPORT_FOLDER = 'exports';

export function exportKey(userId: string, exportId: string): string {
  return `${ownerFolder(EXPORT_FOLDER, userId)}/${exportId}.zip`;
}

/** The job that builds one export. */
export const dataExportJob = jobRef('data-export', z.object({ exportId: z.string().min(1).max(64) }));

const IN_PROGRESS: DataExportStatus[] = ['queued', 'building'];

function toDataExport(row: DataExportRow): DataExport {
  return {
    status: row.status as DataExportStatus,
    progress: { done: row.itemsDone, total: row.itemsTotal },
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    bytes: row.bytes,
  };
}

/** Not expired: a ready export whose days are over counts as gone even before the purge deletes it. */
const notExpired = sql`(${dataExports.expiresAt} is null or ${dataExports.expiresAt} > now())`;

/**
 * Queues a new export, replacing the person's previous one (its file is deleted). One at a time:
 * while one is queued or being built, EXPORT_IN_PROGRESS.
 */
export async function startDataExport(db: Db, files: FileStore, jobs: JobSender, userId: string): Promise<DataExport> {
  const id = randomBytes(16).toString('base64url');
  const { row, previousKey } = await db.transaction(async (tx) => {
    const [previous] = await tx.select().from(dataExports).where(eq(dataExports.userId, userId)).for('update');
    if (previous && IN_PROGRESS.includes(previous.status as DataExportStatus)) throw new AppError('EXPORT_IN_PROGRESS');
    const fresh = { id, userId, status: 'queued', itemsDone: 0, itemsTotal: 0, fileKey: null, bytes: null };
    const reset = { readyAt: null, expiresAt: null, createdAt: sql`now()`, updatedAt: sql`now()` };
    const [row] = previous
      ? await tx
          .update(dataExports)
          .set({ ...fresh, ...reset })
          .where(eq(dataExports.userId, userId))
          .returning()
      : // Two first exports at once: the second finds the first's row and is refused, as above.
        await tx.insert(dataExports).values(fresh).onConflictDoNothing().returning();
    if (!row) throw new AppError('EXPORT_IN_PROGRESS');
    await jobs.send(dataExportJob, { exportId: id }, { tx });
    return { row, previousKey: previous?.fileKey ?? null };
  });
  if (previousKey) await files.delete(previousKey).catch(() => {});
  return toDataExport(row);
}

/** The person's export as Settings shows it; null when they have none (or it expired). */
export async function getDataExport(db: Db, userId: string): Promise<DataExport | null> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), notExpired));
  return row ? toDataExport(row) : null;
}

/** The person's ready, unexpired export's file; NOT_FOUND otherwise (none, not ready, expired, another's). */
export async function readyExportFile(db: Db, userId: string): Promise<{ key: string; readyAt: Date }> {
  const [row] = await db
    .select({ key: dataExports.fileKey, readyAt: dataExports.readyAt })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'ready'), notExpired));
  if (!row?.key || !row.readyAt) throw new AppError('NOT_FOUND', 'No copy of your data is ready to download.');
  return { key: row.key, readyAt: row.readyAt };
}

export async function getExportRow(db: Db, exportId: string): Promise<DataExportRow | null> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  return row ?? null;
}

/** The job has started (again): progress from zero. False when the export is settled or gone. */
export async function markExportBuilding(db: Db, exportId: string): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'building', itemsDone: 0, updatedAt: sql`now()` })
    .where(and(eq(dataExports.id, exportId), sql`${dataExports.status} in ('queued', 'building')`))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function setExportProgress(db: Db, exportId: string, done: number, total: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ itemsDone: done, itemsTotal: total, updatedAt: sql`now()` })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'building')));
}

/** The zip is stored: ready for DATA_EXPORT_KEEP_DAYS. False when the export was replaced or its account deleted meanwhile. */
export async function markExportReady(db: Db, exportId: string, key: string, bytes: number): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({
      status: 'ready',
      fileKey: key,
      bytes,
      itemsDone: sql`${dataExports.itemsTotal}`,
      readyAt: sql`now()`,
      expiresAt: sql`now() + make_interval(days => ${DATA_EXPORT_KEEP_DAYS}::int)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'building')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function markExportFailed(db: Db, exportId: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed', updatedAt: sql`now()` })
    .where(and(eq(dataExports.id, exportId), sql`${dataExports.status} in ('queued', 'building')`));
}

/** Deletes exports whose days are over, files first; returns how many. */
export async function purgeExpiredExports(db: Db, files: FileStore): Promise<number> {
  const expired = await db
    .select({ id: dataExports.id, key: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, sql`now()`)));
  for (const row of expired) {
    if (row.key) await files.delete(row.key);
    await db.delete(dataExports).where(eq(dataExports.id, row.id));
  }
  return expired.length;
}

/** Removes every export file of the person (account deletion; the rows go with the account). */
export async function deleteUserDataExports(files: FileStore, userId: string): Promise<void> {
  await files.deleteFolder(ownerFolder(EXPORT_FOLDER, userId));
}
