import { DATA_EXPORT_KEEP_DAYS } from '@polymath/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { defineJob } from '../../lib/queue/job.ts';
import type { FileStore } from '../../lib/storage/file-store.ts';
import { composeMail } from '../auth/index.ts';
import type { ImageKindRegistry } from '../images/index.ts';
import {
  dataExportJob,
  exportKey,
  getExportRow,
  markExportBuilding,
  markExportFailed,
  markExportReady,
  purgeExpiredExports,
  setExportProgress,
} from './data-export.service.ts';
import { archiveStream } from './export-archive.ts';

/** How often progress is written while an export is built. */
const PROGRESS_EVERY_MS = 1000;

/**
 * Builds one export: the zip is streamed into the file store (export-archive.ts), never held whole;
 * progress is saved every second for Settings to show; then the export is ready for
 * DATA_EXPORT_KEEP_DAYS days and the person gets a mail. Safe to run again: a settled export is left
 * alone and a retry writes the whole zip again under the same key.
 */
export function createDataExportJob(deps: {
  db: Db;
  files: FileStore;
  /** What each kind of image adds to its entry in images.json (the tools' kinds). */
  imageKinds: ImageKindRegistry;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  retryDelaySeconds?: number;
}) {
  const { db, files, imageKinds } = deps;
  return defineJob({
    ...dataExportJob,
    retries: 2,
    retryDelaySeconds: deps.retryDelaySeconds ?? 30,
    // A large account (10,000 messages, 500 pictures) takes minutes, not hours.
    timeoutSeconds: 3600,
    // Exports are heavy on the database and the file store: one at a time per process.
    concurrency: 1,
    async handler({ exportId }, run) {
      const row = await getExportRow(db, exportId);
      if (!row || !(await markExportBuilding(db, exportId))) return;
      const key = exportKey(row.userId, exportId);
      let saved = 0;
      let saving: Promise<void> = Promise.resolve();
      const stream = archiveStream({ db, files, imageKinds }, row.userId, (done, total) => {
        if (done !== 0 && done < total && Date.now() - saved < PROGRESS_EVERY_MS) return;
        saved = Date.now();
        saving = saving.then(() => setExportProgress(db, exportId, done, total)).catch(() => {});
      });
      const abort = () => stream.destroy(new Error('the export job was stopped'));
      run.signal.addEventListener('abort', abort, { once: true });
      let bytes: number;
      try {
        bytes = await files.putStream(key, stream, { contentType: 'application/zip' });
      } finally {
        run.signal.removeEventListener('abort', abort);
        await saving;
      }
      if (!(await markExportReady(db, exportId, key, bytes))) {
        // Replaced or its account deleted while it was built: the file belongs to nobody.
        await files.delete(key);
        return;
      }
      run.logger.info({ exportId, bytes }, 'data export ready');
      const [user] = await db
        .select({ email: users.email, name: users.name, displayName: users.displayName, locale: users.locale })
        .from(users)
        .where(eq(users.id, row.userId));
      if (!user) return;
      try {
        await deps.mailer.send(
          composeMail('data-export-ready', user, `${deps.publicUrl}/settings/account`, { days: DATA_EXPORT_KEEP_DAYS }),
        );
      } catch (err) {
        // The export is there all the same; Settings shows it.
        run.logger.error({ err, mail: 'data-export-ready' }, 'the mail saying an export is ready could not be sent');
      }
    },
    async onDead({ exportId }) {
      await markExportFailed(db, exportId);
    },
  });
}

/** Deletes exports whose days are over: every hour, by one instance at a time. */
export function purgeDataExportsJob(deps: { db: Db; files: FileStore }) {
  return defineJob({
    name: 'purge-data-exports',
    payload: z.object({}),
    schedule: '41 * * * *',
    retries: 1,
    retryDelaySeconds: 300,
    timeoutSeconds: 600,
    concurrency: 1,
    async handler(_payload, run) {
      const purged = await purgeExpiredExports(deps.db, deps.files);
      if (purged > 0) run.logger.info({ purged }, 'expired data exports deleted');
    },
  });
}
