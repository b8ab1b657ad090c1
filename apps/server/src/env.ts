import { isAbsolute, resolve } from 'node:path';
import {
  DEFAULT_FREE_DAILY_MESSAGES,
  DEFAULT_PRO_DAILY_IMAGES,
  WEB_SEARCH_PROVIDERS,
  WEB_SEARCH_SETTINGS,
} from '@polymath/shared';
import { z } from 'zod';

/**
 * The only reader of process.env. Every variable is documented in .env.example.
 * Defaults make `npm start` work on a fresh machine with no services and no keys.
 */
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const httpUrl = optionalString.pipe(z.url({ protocol: /^https?$/ }).optional());

const envSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TRUST_PROXY: z.stringbool().default(false),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  // The bearer token Prometheus presents to GET /metrics; unset: /metrics answers 404.
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  WEB_DIST_DIR: optionalString,
  GTM_ID: optionalString.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like GTM-XXXXXXX')
      .optional(),
  ),
  AD_PIXEL_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{6,20}$/, 'must be the numeric pixel id')
      .optional(),
  ),
  // Accounts: mail, social sign-in and auth rate limits (see .env.example).
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: optionalString,
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  APPLE_CLIENT_ID: optionalString,
  APPLE_CLIENT_SECRET: optionalString,
  APPLE_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /**
   * Operators (issue 28, decision 037): comma-separated emails; a person with one of them, once the
   * address is verified, is an operator. More can be named in the console or with `npm run admin:grant`.
   */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('must be a comma-separated list of email addresses'))),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(5),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Chat and image models: providers (each optional; a provider without a key shows its models as
  // unavailable). OpenAI, Google and xAI also serve the catalogue's image models.
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: httpUrl,
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: httpUrl,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  GOOGLE_GENERATIVE_AI_BASE_URL: httpUrl,
  DEEPSEEK_API_KEY: optionalString,
  DEEPSEEK_BASE_URL: httpUrl,
  XAI_API_KEY: optionalString,
  XAI_BASE_URL: httpUrl,
  /** The model catalogue operators edit; the shipped apps/server/config/models.json by default. */
  MODELS_FILE: optionalString,
  FREE_DAILY_MESSAGES: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_FREE_DAILY_MESSAGES),
  /** Fair use for Pro: images a person may make per UTC day across the image tools. */
  PRO_DAILY_IMAGES: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_PRO_DAILY_IMAGES),
  /**
   * Ask PDF: the most tokens of document text a turn sends whole (within half the model's context);
   * larger documents are answered from their best passages, found with full-text search.
   */
  PDF_WHOLE_DOCUMENT_MAX_TOKENS: z.coerce.number().int().min(0).max(10_000_000).default(24_000),
  /**
   * Long chats (decision 027): the most tokens of recent messages a turn sends word for word (within
   * half of what the model reads); older ones are summarised in blocks.
   */
  CHAT_HISTORY_TOKENS: z.coerce.number().int().min(500).max(10_000_000).default(16_000),
  /** Fair use for everyone (Pro included): messages per user per window. */
  CHAT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(100_000).default(30),
  CHAT_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** An answer whose writer has not checked in for this long belongs to a dead process: interrupted. */
  STREAM_STALE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * How long an instance's lease lasts without renewal (renewed every quarter of it): a killed
   * instance's answers are taken over within this plus a quarter of it (decision 034).
   */
  INSTANCE_LEASE_SECONDS: z.coerce.number().int().min(1).max(300).default(6),
  /**
   * Jobs (images, WhatsApp sends, sweeps): a running job whose process stopped checking in for this
   * long is tried again (pg-boss's heartbeat; at least 10). The supervisor that notices it runs every
   * JOB_SUPERVISE_SECONDS, so a killed instance's jobs run again within the sum of the two.
   */
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(600).default(20),
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  // Plans and payments: Stripe when STRIPE_SECRET_KEY is set, the built-in sandbox otherwise.
  /** Plan prices, currency and tax: the shipped apps/server/config/plans.json by default. */
  PLANS_FILE: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_WEEK: optionalString,
  STRIPE_PRICE_3MONTH: optionalString,
  STRIPE_PRICE_MONTHLY: optionalString,
  STRIPE_PRICE_YEARLY: optionalString,
  /** A Stripe tax rate (txr_…) applied to subscriptions; needed when plans.json has a taxPercent. */
  STRIPE_TAX_RATE_ID: optionalString,
  /** Where the Stripe SDK sends API calls; only for a local stand-in in development and tests. */
  STRIPE_API_URL: httpUrl,
  // Files: on disk under DATA_DIR/files, or in an S3-compatible bucket when S3_BUCKET is set.
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3-63 lowercase letters, digits, dots, hyphens',
      )
      .optional(),
  ),
  S3_REGION: optionalString,
  /** An S3-compatible service (MinIO, R2, …); AWS's regional endpoint when unset. */
  S3_ENDPOINT: httpUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /** A folder inside the bucket that holds every file (slashes around it are dropped). */
  S3_PREFIX: optionalString.pipe(
    z
      .string()
      .transform((v) => v.replace(/^\/+|\/+$/g, ''))
      .pipe(
        z
          .string()
          .regex(
            /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/,
            'must be folder names of letters, digits, dots, hyphens and underscores, separated by /',
          ),
      )
      .optional(),
  ),
  /** The endpoint browsers reach the bucket at, when it differs from S3_ENDPOINT (signed URLs point there). */
  S3_PUBLIC_URL: httpUrl,
  // Web search (see .env.example): the first configured of Tavily, Brave, SearXNG unless WEB_SEARCH_PROVIDER says.
  WEB_SEARCH_PROVIDER: optionalString.pipe(z.enum(WEB_SEARCH_PROVIDERS).optional()),
  TAVILY_API_KEY: optionalString,
  TAVILY_BASE_URL: httpUrl,
  BRAVE_SEARCH_API_KEY: optionalString,
  BRAVE_SEARCH_BASE_URL: httpUrl,
  SEARXNG_URL: httpUrl,
  // Chat inside WhatsApp: the Cloud API when these four are set, the built-in sandbox otherwise.
  WHATSAPP_PHONE_NUMBER_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{5,30}$/, 'must be the numeric phone number ID from the WhatsApp Manager')
      .optional(),
  ),
  WHATSAPP_ACCESS_TOKEN: optionalString,
  WHATSAPP_APP_SECRET: optionalString,
  WHATSAPP_VERIFY_TOKEN: optionalString,
  /** Where Graph API calls go, version included; only for a proxy or a local stand-in. */
  WHATSAPP_API_URL: httpUrl,
  /** The approved authentication template that carries the link code (languages en and tr). */
  WHATSAPP_CODE_TEMPLATE: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9_]{1,512}$/, 'must be a template name: lowercase letters, digits and underscores')
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema> & {
  DATA_DIR: string;
  PUBLIC_URL: string;
  /**
   * Origins whose pages may change things (unsafe methods on /api/*): PUBLIC_URL's; without
   * PUBLIC_URL also the loopback names of the port (127.0.0.1, [::1]), as people open either.
   */
  APP_ORIGINS: string[];
  WEB_DIST_DIR: string;
  MAIL_FROM: string;
  GOOGLE_ISSUER: string;
  APPLE_ISSUER: string;
  MODELS_FILE: string;
  PLANS_FILE: string;
  WHATSAPP_API_URL: string;
  WHATSAPP_CODE_TEMPLATE: string;
};

/** Every setting the app reads (the deploy files' test checks compose.yaml against it). */
export function envKeys(): string[] {
  return Object.keys(envSchema.shape);
}

export class EnvError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

const defaultWebDist = resolve(import.meta.dirname, '../../web/dist');
const defaultModelsFile = resolve(import.meta.dirname, '../config/models.json');
const defaultPlansFile = resolve(import.meta.dirname, '../config/plans.json');

/** Parses and validates the environment once; throws EnvError listing every problem. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  const env = parsed.data;
  const problems = [...checkStripe(env), ...checkS3(env), ...checkWebSearch(env), ...checkWhatsApp(env)];
  if (problems.length > 0) throw new EnvError(problems);
  const absolute = (p: string) => (isAbsolute(p) ? p : resolve(process.cwd(), p));
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    DATA_DIR: absolute(env.DATA_DIR),
    PUBLIC_URL: publicUrl,
    APP_ORIGINS: env.PUBLIC_URL
      ? [new URL(publicUrl).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${env.PORT}`),
    WEB_DIST_DIR: env.WEB_DIST_DIR ? absolute(env.WEB_DIST_DIR) : defaultWebDist,
    MAIL_FROM: env.MAIL_FROM ?? 'Polymath <no-reply@localhost>',
    GOOGLE_ISSUER: (env.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/$/, ''),
    APPLE_ISSUER: (env.APPLE_ISSUER ?? 'https://appleid.apple.com').replace(/\/$/, ''),
    MODELS_FILE: env.MODELS_FILE ? absolute(env.MODELS_FILE) : defaultModelsFile,
    PLANS_FILE: env.PLANS_FILE ? absolute(env.PLANS_FILE) : defaultPlansFile,
    WHATSAPP_API_URL: (env.WHATSAPP_API_URL ?? 'https://graph.facebook.com/v21.0').replace(/\/$/, ''),
    WHATSAPP_CODE_TEMPLATE: env.WHATSAPP_CODE_TEMPLATE ?? 'polymath_link_code',
  };
}

/** With a Stripe key, checkout cannot work without the webhook secret and a price for every plan. */
function checkStripe(env: z.infer<typeof envSchema>): string[] {
  if (!env.STRIPE_SECRET_KEY) return [];
  const required = [
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_WEEK',
    'STRIPE_PRICE_3MONTH',
    'STRIPE_PRICE_MONTHLY',
    'STRIPE_PRICE_YEARLY',
  ] as const;
  return required.filter((key) => !env[key]).map((key) => `${key}: required when STRIPE_SECRET_KEY is set`);
}

/**
 * A bucket needs its region and keys. S3 settings without a bucket are a half-done set-up that would
 * quietly keep files on this machine's disk, so they are refused too.
 */
function checkS3(env: z.infer<typeof envSchema>): string[] {
  if (!env.S3_BUCKET) {
    const given = (
      ['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX', 'S3_PUBLIC_URL'] as const
    ).filter((key) => env[key] !== undefined);
    return given.length > 0
      ? [`S3_BUCKET: required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set`]
      : [];
  }
  const required = ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  return required.filter((key) => !env[key]).map((key) => `${key}: required when S3_BUCKET is set`);
}

/** A provider chosen by name needs its own setting; otherwise the choice would silently fall to another. */
function checkWebSearch(env: z.infer<typeof envSchema>): string[] {
  const chosen = env.WEB_SEARCH_PROVIDER;
  if (!chosen) return [];
  const setting = WEB_SEARCH_SETTINGS[chosen];
  return env[setting] ? [] : [`WEB_SEARCH_PROVIDER: ${chosen} needs ${setting}`];
}

const WHATSAPP_KEYS = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

/**
 * The Cloud API needs all four: sending (number id, token), receiving (app secret for signatures,
 * verify token for the subscription). Some without the others would quietly stay in the sandbox.
 */
function checkWhatsApp(env: z.infer<typeof envSchema>): string[] {
  const given = WHATSAPP_KEYS.filter((key) => env[key] !== undefined);
  if (given.length === 0 || given.length === WHATSAPP_KEYS.length) return [];
  return WHATSAPP_KEYS.filter((key) => env[key] === undefined).map(
    (key) => `${key}: required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set`,
  );
}
