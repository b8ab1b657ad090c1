import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The tables better-auth works with (features/auth/auth.ts passes them to its Drizzle adapter as
 * user, session, account, verification and rateLimit). Property names are better-auth's field
 * names; columns are snake_case like the rest of the schema. Ids are better-auth's random strings.
 */

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Ours (better-auth "additionalFields"):
    firstName: text('first_name'),
    lastName: text('last_name'),
    displayName: text('display_name'),
    /** Language of the mails we send: 'en' | 'tr'. */
    locale: text('locale').notNull().default('en'),
    /** 'free' | 'pro'. Until subscriptions exist, 'pro' means an active subscription. */
    accessLevel: text('access_level').notNull().default('free'),
    /** Server-chosen file name of the profile photo under the avatars folder of the file store. */
    profilePhotoKey: text('profile_photo_key'),
    /**
     * Pro given by an operator without payment, until this moment (features/admin, decision 037);
     * billing/entitlement.ts planAt gives Pro while it lies ahead, whatever the subscription says.
     */
    proGrantedUntil: timestamp('pro_granted_until', { withTimezone: true }),
    // better-auth's admin plugin (features/admin, decision 037):
    /** 'admin' for an operator, else 'user' (or null for rows older than the plugin). */
    role: text('role'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
  },
  // The console's people list pages by (created_at, id), newest first: read backwards (B16).
  (t) => [index('users_created_idx').on(t.createdAt, t.id)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The admin plugin's field; impersonation is switched off (its endpoints are disabled). */
    impersonatedBy: text('impersonated_by'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** One row per login connection: 'credential' (password), 'google' or 'apple'. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    // One outside identity belongs to one user.
    uniqueIndex('accounts_provider_account_idx').on(t.providerId, t.accountId),
  ],
);

/** Single-use tokens (password reset) and OAuth state. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** better-auth's rate-limit counters, shared by every instance using this database. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});
