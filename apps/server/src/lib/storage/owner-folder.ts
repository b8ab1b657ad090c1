import { createHash } from 'node:crypto';

/**
 * A person's own sub-folder of a top-level folder (`attachments/<…>`, `images/<…>`): a digest of
 * their id, so it is lowercase and path-safe whatever ids look like (and two ids differing only in
 * case cannot share a folder on a case-insensitive file system). Deleting the account removes it.
 */
export function ownerFolder(folder: string, userId: string): string {
  return `${folder}/${createHash('sha256').update(userId).digest('hex').slice(0, 32)}`;
}
