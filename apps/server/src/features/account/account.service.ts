import {
  type LoginProvider,
  type Plan,
  PROFILE_PHOTO_MAX_BYTES,
  type Profile,
  type UpdateProfileInput,
} from '@polymath/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users, verifications } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { type ImageType, MAX_INPUT_PIXELS, reencodeImage, sniffImageType as sniffImage } from '../../lib/images.ts';
import { type FileStore, newFileName } from '../../lib/storage/file-store.ts';
import { deleteUserAttachments } from '../attachments/index.ts';
import { localeOf, providersOf } from '../auth/index.ts';
import { hasRenewingSubscription } from '../billing/index.ts';
import { deleteUserDataExports } from '../data-export/index.ts';
import { deleteUserDocuments } from '../documents/index.ts';
import { deleteUserImages } from '../images/index.ts';

/** Profile photos live in this folder of the file store and are served at AVATAR_URL_PREFIX + name. */
export const AVATAR_FOLDER = 'avatars';
export const AVATAR_URL_PREFIX = '/api/files/avatars/';
/** Names the server gives avatars: 16 random bytes in base64url, always WebP. */
export const AVATAR_NAME = /^[A-Za-z0-9_-]{22}\.webp$/;
export const AVATAR_SIZE = 512;
/** Larger images are refused before they are decoded (a 4 MB PNG can claim gigapixels). */
export const PHOTO_MAX_PIXELS = MAX_INPUT_PIXELS;

type UserRow = typeof users.$inferSelect;

/**
 * Whose profile: the session's user with the plan the session decided (billing/entitlement.ts), so
 * the profile's accessLevel is the plan every other route of the same request applies.
 */
export type ProfileOwner = { id: string; plan: Plan };

/** The session user's profile, or null when the user no longer exists. */
export async function getProfile(db: Db, owner: ProfileOwner): Promise<Profile | null> {
  const [user] = await db.select().from(users).where(eq(users.id, owner.id));
  if (!user) return null;
  return toProfile(user, await providersOf(db, owner.id), owner.plan);
}

function toProfile(user: UserRow, providers: LoginProvider[], accessLevel: Plan): Profile {
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    profilePhotoUrl: user.profilePhotoKey ? `${AVATAR_URL_PREFIX}${user.profilePhotoKey}` : null,
    accessLevel,
    providers,
    locale: localeOf(user.locale),
  };
}

async function requireProfile(db: Db, owner: ProfileOwner): Promise<Profile> {
  const profile = await getProfile(db, owner);
  if (!profile) throw new AppError('UNAUTHORIZED');
  return profile;
}

/** Names and display name (an empty string clears one) and the mail language. */
export async function updateProfile(db: Db, owner: ProfileOwner, input: UpdateProfileInput): Promise<Profile> {
  const userId = owner.id;
  const blankToNull = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
  const patch: Partial<typeof users.$inferInsert> = {};
  if (input.firstName !== undefined) patch.firstName = blankToNull(input.firstName);
  if (input.lastName !== undefined) patch.lastName = blankToNull(input.lastName);
  if (input.displayName !== undefined) {
    patch.displayName = blankToNull(input.displayName);
    // better-auth's own `name` (required) follows the display name when there is one.
    if (input.displayName) patch.name = input.displayName;
  }
  if (input.locale !== undefined) patch.locale = input.locale;
  if (Object.keys(patch).length > 0) {
    await db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, userId));
  }
  return requireProfile(db, owner);
}

/** Profile photos may be these; GIF is refused. */
const PHOTO_TYPES = ['jpeg', 'png', 'webp'] as const satisfies readonly ImageType[];

/** The photo's type by its first bytes (never by name or declared type); null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  return sniffImage(bytes, PHOTO_TYPES);
}

/**
 * Checks an uploaded photo by content and re-encodes it (lib/images.ts): JPEG, PNG or WebP only, at
 * most 4 MB and PHOTO_MAX_PIXELS (read from the header, before decoding), oriented by EXIF, cropped
 * to 512x512 and written as WebP without any metadata.
 */
export async function processProfilePhoto(bytes: Uint8Array): Promise<Buffer> {
  if (bytes.length > PROFILE_PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The photo is larger than 4 MB.');
  return reencodeImage(bytes, {
    accepted: PHOTO_TYPES,
    unsupportedMessage: 'Upload a JPEG, PNG or WebP image.',
    maxPixels: PHOTO_MAX_PIXELS,
    encode: (image) =>
      image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 85 }),
  });
}

/** Stores a new photo under a fresh random name and removes the previous one. */
export async function setProfilePhoto(
  db: Db,
  files: FileStore,
  owner: ProfileOwner,
  bytes: Uint8Array,
): Promise<Profile> {
  const userId = owner.id;
  const webp = await processProfilePhoto(bytes);
  const name = newFileName('webp');
  await files.put(`${AVATAR_FOLDER}/${name}`, webp, { contentType: 'image/webp' });
  let previous: string | null = null;
  try {
    previous = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ key: users.profilePhotoKey })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!row) throw new AppError('UNAUTHORIZED');
      await tx.update(users).set({ profilePhotoKey: name, updatedAt: new Date() }).where(eq(users.id, userId));
      return row.key;
    });
  } catch (err) {
    await files.delete(`${AVATAR_FOLDER}/${name}`);
    throw err;
  }
  if (previous && AVATAR_NAME.test(previous)) await files.delete(`${AVATAR_FOLDER}/${previous}`);
  return requireProfile(db, owner);
}

export async function removeProfilePhoto(db: Db, files: FileStore, owner: ProfileOwner): Promise<Profile> {
  const userId = owner.id;
  const [row] = await db.select({ key: users.profilePhotoKey }).from(users).where(eq(users.id, userId));
  if (row?.key) {
    await db
      .update(users)
      .set({ profilePhotoKey: null, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.profilePhotoKey, row.key)));
    if (AVATAR_NAME.test(row.key)) await files.delete(`${AVATAR_FOLDER}/${row.key}`);
  }
  return requireProfile(db, owner);
}

/** The bytes of `name` when it is the current photo of `userId`; null otherwise (someone else's, or gone). */
export async function readOwnAvatar(
  db: Db,
  files: FileStore,
  userId: string,
  name: string,
): Promise<Uint8Array | null> {
  if (!AVATAR_NAME.test(name)) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.profilePhotoKey, name)));
  if (!row) return null;
  return files.get(`${AVATAR_FOLDER}/${name}`);
}

/**
 * Removes one login connection. Refused (VERIFIED_CONNECTION_REQUIRED) when no verified connection
 * would remain: a password counts as verified only when the email is verified; Google and Apple
 * identities always are (an unverified one never gets an account, see auth.ts).
 */
export async function unlinkConnection(db: Db, owner: ProfileOwner, provider: LoginProvider): Promise<Profile> {
  const userId = owner.id;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('UNAUTHORIZED');
    const rows = await tx.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
    if (!rows.some((r) => r.providerId === provider)) throw new AppError('NOT_FOUND', 'This connection is not linked.');
    const remaining = rows.filter((r) => r.providerId !== provider);
    const verified = remaining.some((r) => r.providerId !== 'credential' || user.emailVerified);
    if (!verified) throw new AppError('VERIFIED_CONNECTION_REQUIRED');
    await tx.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, provider)));
  });
  return requireProfile(db, owner);
}

/**
 * Deletes the user with their sessions, connections, pending tokens, threads and files (photo and
 * chat attachments). Refused while a subscription is active (SUBSCRIPTION_ACTIVE), and then nothing
 * is deleted.
 */
export async function deleteAccount(
  db: Db,
  files: FileStore,
  userId: string,
  /** The files the tools keep for a person (app.ts hands in the tool registry's). */
  deleteToolFiles: (files: FileStore, userId: string) => Promise<void>,
  /** Runs inside the deletion's transaction, before the user goes (the operator console's audit row). */
  alsoInTransaction?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>,
): Promise<void> {
  const photo = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ photo: users.profilePhotoKey })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) throw new AppError('UNAUTHORIZED');
    // A subscription that would renew must be cancelled first (spec §4); one ending at its period end may go.
    if (await hasRenewingSubscription(tx, userId)) throw new AppError('SUBSCRIPTION_ACTIVE');
    // Password-reset tokens hold the user id as their value.
    await tx.delete(verifications).where(eq(verifications.value, userId));
    await alsoInTransaction?.(tx);
    // Sessions and accounts go with the user (ON DELETE CASCADE). Page views are anonymous.
    await tx.delete(users).where(eq(users.id, userId));
    return user.photo;
  });
  if (photo && AVATAR_NAME.test(photo)) await files.delete(`${AVATAR_FOLDER}/${photo}`);
  // Threads, messages and image rows went with the user (ON DELETE CASCADE); their pictures are files.
  await deleteUserAttachments(files, userId);
  await deleteUserImages(files, userId);
  await deleteUserDocuments(files, userId);
  await deleteToolFiles(files, userId);
  await deleteUserDataExports(files, userId);
}
