import { INSIGHTS_ANALYSES_PER_MINUTE, JOURNAL_WRITES_PER_MINUTE } from '@fodmap/contracts';
import { z } from 'zod';

/**
 * Runtime configuration: environment variables with local defaults (architecture rule 7), read here and nowhere else
 * in server code. One zod schema per process: the settings every process shares (`serverSchema`), extended by what
 * the gateway, identity, foods, insights and notifications need (journal needs nothing more). Every variable is in the
 * README's configuration table. A bad value is a ConfigError whose message names the variable in one line.
 */
export interface ServerConfig {
  databaseUrl: string;
  natsUrl: string;
  redisUrl: string;
  smtpUrl: string;
  /** Prefix of every NATS subject and JetStream stream, so runs (dev, tests) never see each other's messages. */
  natsPrefix: string;
  port: number;
  publicUrl: string;
  /** NATS_URL as nats.js takes it: the server without credentials, and the user and password (or token) from the URL. */
  nats: NatsConnectionOptions;
  /** Signs the caller the gateway (or a service) forwards over NATS (caller-signature.ts); services refuse an unsigned one. */
  callerSecret: string;
  /** Logs, metrics and traces (libs/server/src/observability). */
  observability: ObservabilityConfig;
  /** How long a process may take after SIGTERM to finish what it holds before it exits anyway (lifecycle/shutdown.ts). */
  shutdownGraceMs: number;
}

/** How a process reports on itself: its log lines, its ops port (metrics and health) and where its spans go. */
export interface ObservabilityConfig {
  /** METRICS_PORT: the ops HTTP server (`/metrics`, `/health/live`, `/health/ready`); 0 takes a free port. */
  metricsPort: number;
  logLevel: LogLevel;
  /** LOG_FORMAT: JSON lines, or pino-pretty's coloured text for a person at a terminal. */
  logFormat: 'json' | 'pretty';
  /** OTEL_EXPORTER_OTLP_ENDPOINT: an OTLP/HTTP collector; null leaves tracing off (no SDK started). */
  otlpEndpoint: string | null;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** nats.js ignores credentials written in a server URL: they go in their own options. */
export interface NatsConnectionOptions {
  servers: string[];
  user?: string;
  pass?: string;
  token?: string;
}

/** What only the gateway needs: the browser-facing security settings. */
export interface GatewayConfig extends ServerConfig {
  sessionSecret: string;
  /** Addresses or subnets (express `trust proxy` syntax) whose X-Forwarded-* headers are believed; empty trusts none. */
  trustedProxies: string[];
  /** Origins allowed to make state-changing requests: PUBLIC_URL's origin plus ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  /** PUBLIC_URL is https: the session and device cookies are Secure even when a TLS proxy forwards plain HTTP. */
  secureCookies: boolean;
  /** How long the gateway keeps a cached journal read at most (JournalReadCache); 0 turns the cache off. */
  journalReadCacheSeconds: number;
  /** How long the gateway waits for a service's answer before a 504. */
  rpcTimeoutMs: number;
  /** Meal and symptom writes one person may make per minute (JournalWriteRate); 0 turns the limit off. */
  journalWritesPerMinute: number;
  /** New accounts per client address per hour, and from everywhere per minute (issue 20: each costs an argon2 hash). */
  registrationLimits: { perAddressPerHour: number; perMinute: number };
  /** The backup site the /backup status page checks and offers when the main site (PUBLIC_URL) is down; null: none. */
  backupSiteUrl: string | null;
  /** How long the gateway keeps listening after SIGTERM, answering 503, while load balancers stop sending to it. */
  shutdownDelayMs: number;
}

/** Stripe's settings; identity has them only when STRIPE_SECRET_KEY is set (else subscriptions stay in trial). */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  priceId: string;
  webhookSecret: string;
  /** Another Stripe API address for the official client (the tests' fake Stripe); null is api.stripe.com. */
  apiUrl: string | null;
}

/** What only identity needs: its first admins and Stripe. */
export interface IdentityConfig extends ServerConfig {
  /** ADMIN_EMAILS: the addresses that are admins from the first start, lowercased and deduplicated. */
  adminEmails: string[];
  stripe: StripeConfig | null;
}

/** The AI food research's settings (docs/how-it-works.md, AI food research). Without a key the model step is skipped. */
export interface ResearchConfig {
  apiKey: string | null;
  model: string;
  /** Another OpenAI-compatible endpoint; the tests point the real client at a local fake. */
  baseUrl: string | null;
  /** AI_DAILY_BUDGET: model requests across all people per UTC day; beyond it the model is not asked until midnight UTC. */
  dailyBudget: number;
}

/** What only foods needs: the AI research's model and where its data files are. */
export interface FoodsConfig extends ServerConfig {
  research: ResearchConfig;
  /** FOODS_DATA_DIR: another folder holding catalogue.json (tests, containers); null is the service's own data folder. */
  dataDirectory: string | null;
}

/** What only insights needs: its analysis cache's size and the environment name its answers report. */
export interface InsightsConfig extends ServerConfig {
  /** How many analyses the service keeps (AnalysisCache); 0 turns the cache off. */
  cacheEntries: number;
  /** Fresh analyses (not answered from the cache) one person may have per minute per replica; 0 turns the limit off. */
  analysesPerMinute: number;
  /** NODE_ENV, 'development' when unset: `meta.environment` of the activity answer. */
  environment: string;
}

/** What only notifications needs: the key of its emailed links and how many emails it sends at once. */
export interface NotificationsConfig extends ServerConfig {
  /** Signs the one-tap symptom and unsubscribe links (HMAC-SHA256): whoever has it can log symptoms for anyone. */
  linkSecret: string;
  /** Email jobs the notifications worker runs side by side, over as many pooled SMTP connections. */
  emailSendConcurrency: number;
  /** MEAL_EMAIL_SPONSORS=true: meal emails carry a sponsored block too (issue 9: 'if the admin enables it'). */
  mealEmailSponsors: boolean;
  /** MEAL_EMAILS_PER_DAY: meal emails a person gets in their own calendar day at most. */
  mealEmailsPerDay: number;
  /** EMAILS_PER_ADDRESS_PER_DAY: emails other than resets and verifications an address gets in a UTC day at most. */
  emailsPerAddressPerDay: number;
}

/** A setting the process cannot start without; its message is the one line a person reads. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEVELOPMENT_SESSION_SECRET = 'fodmap-journal-development-secret';
const DEVELOPMENT_LINK_SECRET = 'fodmap-journal-development-link-secret';
const DEVELOPMENT_CALLER_SECRET = 'fodmap-journal-development-caller-secret';
/** A production secret's least length in bytes: 256 bits, what HMAC-SHA256 can use. */
export const MIN_SECRET_BYTES = 32;

/**
 * `nats://user:pass@host:4222` (or `nats://token@host:4222`) as nats.js's options: it would send the URL's userinfo
 * nowhere, and a server that requires authorisation would close the connection.
 */
export function natsConnectionOptions(url: string): NatsConnectionOptions {
  if (!URL.canParse(url)) return { servers: [url] };
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  parsed.username = '';
  parsed.password = '';
  const servers = [parsed.toString().replace(/\/$/, '')];
  if (user && pass) return { servers, user, pass };
  if (user) return { servers, token: user };
  return { servers };
}

/**
 * A secret production needs: set, and at least MIN_SECRET_BYTES long; elsewhere the development value. `why` ends the
 * one-line message: what the secret protects.
 */
function secret(env: { NODE_ENV?: string }, name: string, value: string | undefined, development: string, why: string, ctx: z.RefinementCtx): string {
  if (!production(env)) return value || development;
  if (!value) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${name} must be set when NODE_ENV=production: ${why}` });
  else if (Buffer.byteLength(value) < MIN_SECRET_BYTES) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${name} must be at least ${MIN_SECRET_BYTES} bytes when NODE_ENV=production (e.g. openssl rand -hex 32): ${why}` });
  }
  return value ?? development;
}

/** A whole number with its default, read as `Number()` reads it; out of range is refused with `NAME must be what.` */
const wholeNumber = (name: string, fallback: number, min: number, what: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const number = Number(value ?? fallback);
      if (Number.isInteger(number) && number >= min) return number;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${name} must be ${what}.` });
      return z.NEVER;
    });

/** An optional text: unset or blank is null. */
const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || null);

/** A comma-separated list, blanks dropped. */
const list = z
  .string()
  .optional()
  .transform((value) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean));

const production = (env: { NODE_ENV?: string }) => env.NODE_ENV === 'production';

const serverSchema = z.object({
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/fodmap'),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  SMTP_URL: z.string().default('smtp://127.0.0.1:1025'),
  NATS_PREFIX: z.string().default('fodmap'),
  PORT: wholeNumber('PORT', 3000, 0, 'a whole number, the port to listen on'),
  PUBLIC_URL: z.string().optional(),
  NODE_ENV: z.string().optional(),
  CALLER_SECRET: z.string().optional(),
  METRICS_PORT: wholeNumber('METRICS_PORT', 9464, 0, 'a whole number, the port of /metrics and the health checks (0: any free port)'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.` }).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty'], { message: 'LOG_FORMAT must be json or pretty.' }).default('json'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .optional()
    .refine((url) => !url || URL.canParse(url), 'OTEL_EXPORTER_OTLP_ENDPOINT must be an absolute URL.'),
  // Below Kubernetes' default terminationGracePeriodSeconds (30 s), so a process exits on its own before SIGKILL.
  SHUTDOWN_GRACE_MS: wholeNumber('SHUTDOWN_GRACE_MS', 25_000, 0, 'a whole number of milliseconds, 0 or more'),
});

const CALLER_SECRET_WHY = 'it signs the caller the gateway forwards to the services.';

function serverConfig(env: z.output<typeof serverSchema>, ctx: z.RefinementCtx): ServerConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    natsUrl: env.NATS_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    natsPrefix: env.NATS_PREFIX,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    nats: natsConnectionOptions(env.NATS_URL),
    callerSecret: secret(env, 'CALLER_SECRET', env.CALLER_SECRET, DEVELOPMENT_CALLER_SECRET, CALLER_SECRET_WHY, ctx),
    observability: {
      metricsPort: env.METRICS_PORT,
      logLevel: env.LOG_LEVEL,
      logFormat: env.LOG_FORMAT,
      otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT || null,
    },
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
  };
}

const gatewaySchema = serverSchema
  .extend({
    SESSION_SECRET: z.string().optional(),
    TRUSTED_PROXIES: list,
    ALLOWED_ORIGINS: list,
    JOURNAL_READ_CACHE_SECONDS: wholeNumber('JOURNAL_READ_CACHE_SECONDS', 600, 0, 'a whole number of seconds, 0 or more'),
    RPC_TIMEOUT_MS: wholeNumber('RPC_TIMEOUT_MS', 5000, 1, 'a whole number of milliseconds, 1 or more'),
    JOURNAL_WRITES_PER_MINUTE: wholeNumber('JOURNAL_WRITES_PER_MINUTE', JOURNAL_WRITES_PER_MINUTE, 0, 'a whole number, 0 or more'),
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: wholeNumber('REGISTRATIONS_PER_ADDRESS_PER_HOUR', 10, 1, 'a whole number, 1 or more'),
    REGISTRATIONS_PER_MINUTE: wholeNumber('REGISTRATIONS_PER_MINUTE', 60, 1, 'a whole number, 1 or more'),
    // Blank is unset: docker-compose.yml passes `${BACKUP_SITE_URL:-}`.
    BACKUP_SITE_URL: z
      .string()
      .optional()
      .transform((url) => url?.trim() || undefined)
      .refine((url) => url === undefined || siteAddress(url), 'BACKUP_SITE_URL must be an absolute http(s) URL, the backup site\'s address.'),
    SHUTDOWN_DELAY_MS: wholeNumber('SHUTDOWN_DELAY_MS', 5_000, 0, 'a whole number of milliseconds, 0 or more'),
  })
  .transform((env, ctx): GatewayConfig => {
    const sessionSecret = secret(env, 'SESSION_SECRET', env.SESSION_SECRET, DEVELOPMENT_SESSION_SECRET, 'it signs the session cookie.', ctx);
    const base = serverConfig(env, ctx);
    // Behind a TLS proxy without TRUSTED_PROXIES, every request looks like the proxy's plain HTTP: one client address
    // for every sign-in limit, and a host and protocol the gateway cannot know.
    const secureCookies = base.publicUrl.startsWith('https:');
    if (production(env) && secureCookies && env.TRUSTED_PROXIES.length === 0) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: 'TRUSTED_PROXIES must be set when NODE_ENV=production and PUBLIC_URL is https: name the TLS proxy in front of the gateway (an address, a subnet or loopback).',
      });
    }
    const origins = new Set<string>();
    for (const url of [base.publicUrl, ...env.ALLOWED_ORIGINS]) {
      const origin = URL.canParse(url) ? new URL(url).origin : null;
      if (origin === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `PUBLIC_URL and ALLOWED_ORIGINS must be absolute URLs; '${url}' is not.` });
        return z.NEVER;
      }
      origins.add(origin);
    }
    return {
      ...base,
      sessionSecret,
      trustedProxies: env.TRUSTED_PROXIES,
      allowedOrigins: [...origins],
      secureCookies,
      journalReadCacheSeconds: env.JOURNAL_READ_CACHE_SECONDS,
      rpcTimeoutMs: env.RPC_TIMEOUT_MS,
      journalWritesPerMinute: env.JOURNAL_WRITES_PER_MINUTE,
      registrationLimits: { perAddressPerHour: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR, perMinute: env.REGISTRATIONS_PER_MINUTE },
      backupSiteUrl: env.BACKUP_SITE_URL ?? null,
      shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    };
  });

/** An address a browser can be sent to and fetch from: http or https, absolute. */
function siteAddress(url: string): boolean {
  return URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol);
}

const emailAddress = z.string().email();

const identitySchema = serverSchema
  .extend({
    // A typo would otherwise lock the operator out: an entry that is not an address stops the start-up.
    ADMIN_EMAILS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const entries = (value ?? '').split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
        const invalid = entries.filter((entry) => !emailAddress.safeParse(entry).success);
        if (invalid.length === 0) return [...new Set(entries)];
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `ADMIN_EMAILS must list email addresses separated by commas; '${invalid.join("', '")}' is not one.` });
        return z.NEVER;
      }),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_PUBLISHABLE_KEY: z.string().default(''),
    STRIPE_PRICE_ID: z.string().default(''),
    STRIPE_WEBHOOK_SECRET: z.string().default(''),
    STRIPE_API_URL: z
      .string()
      .optional()
      .refine((url) => !url || URL.canParse(url), 'STRIPE_API_URL must be an absolute URL.'),
  })
  .transform(
    (env, ctx): IdentityConfig => ({
      ...serverConfig(env, ctx),
      adminEmails: env.ADMIN_EMAILS,
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY,
            priceId: env.STRIPE_PRICE_ID,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiUrl: env.STRIPE_API_URL || null,
          }
        : null,
    }),
  );

const foodsSchema = serverSchema
  .extend({
    OPENAI_API_KEY: optionalText,
    OPENAI_MODEL: optionalText,
    OPENAI_BASE_URL: optionalText,
    AI_DAILY_BUDGET: wholeNumber('AI_DAILY_BUDGET', 2000, 0, 'a whole number, 0 or more'),
    FOODS_DATA_DIR: z.string().optional(),
  })
  .transform(
    (env, ctx): FoodsConfig => ({
      ...serverConfig(env, ctx),
      research: { apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL ?? 'gpt-4o-mini', baseUrl: env.OPENAI_BASE_URL, dailyBudget: env.AI_DAILY_BUDGET },
      dataDirectory: env.FOODS_DATA_DIR ?? null,
    }),
  );

const insightsSchema = serverSchema
  .extend({
    INSIGHTS_CACHE_ENTRIES: wholeNumber('INSIGHTS_CACHE_ENTRIES', 1000, 0, 'a whole number, 0 or more'),
    INSIGHTS_ANALYSES_PER_MINUTE: wholeNumber('INSIGHTS_ANALYSES_PER_MINUTE', INSIGHTS_ANALYSES_PER_MINUTE, 0, 'a whole number, 0 or more'),
  })
  .transform(
    (env, ctx): InsightsConfig => ({
      ...serverConfig(env, ctx),
      cacheEntries: env.INSIGHTS_CACHE_ENTRIES,
      analysesPerMinute: env.INSIGHTS_ANALYSES_PER_MINUTE,
      environment: env.NODE_ENV || 'development',
    }),
  );

const notificationsSchema = serverSchema
  .extend({
    LINK_SECRET: z.string().optional(),
    EMAIL_SEND_CONCURRENCY: wholeNumber('EMAIL_SEND_CONCURRENCY', 8, 1, 'a whole number, 1 or more'),
    MEAL_EMAIL_SPONSORS: z.string().optional(),
    MEAL_EMAILS_PER_DAY: wholeNumber('MEAL_EMAILS_PER_DAY', 10, 1, 'a whole number, 1 or more'),
    EMAILS_PER_ADDRESS_PER_DAY: wholeNumber('EMAILS_PER_ADDRESS_PER_DAY', 20, 1, 'a whole number, 1 or more'),
  })
  .transform((env, ctx): NotificationsConfig => {
    const linkSecret = secret(env, 'LINK_SECRET', env.LINK_SECRET, DEVELOPMENT_LINK_SECRET, 'it signs the emailed symptom and unsubscribe links.', ctx);
    return {
      ...serverConfig(env, ctx),
      linkSecret,
      emailSendConcurrency: env.EMAIL_SEND_CONCURRENCY,
      mealEmailSponsors: env.MEAL_EMAIL_SPONSORS === 'true',
      mealEmailsPerDay: env.MEAL_EMAILS_PER_DAY,
      emailsPerAddressPerDay: env.EMAILS_PER_ADDRESS_PER_DAY,
    };
  });

const variablesOf = (schema: z.AnyZodObject) => Object.keys(schema.shape);

/**
 * A process's loader: the environment through its schema, every problem found in one line. Hot paths read the
 * configuration per request (`subject()`), and a zod parse takes about 15 µs, so the last result is reused while the
 * schema's variables keep their values (compared on every call: tests change them between suites).
 */
function loader<Config>(schema: z.ZodType<Config, z.ZodTypeDef, unknown>, variables: readonly string[]): (env?: NodeJS.ProcessEnv) => Config {
  let last: { values: string; config: Config } | null = null;
  return (env = process.env) => {
    // Only the schema's own variables: zod would otherwise walk every variable of the process's environment.
    const input = Object.fromEntries(variables.map((name) => [name, env[name]]));
    const values = JSON.stringify(input);
    if (last?.values === values) return last.config;
    const result = schema.safeParse(input);
    if (!result.success) throw new ConfigError(result.error.issues.map((issue) => issue.message).join(' '));
    last = { values, config: result.data };
    return result.data;
  };
}

/** The settings every process shares; the journal's whole configuration, and the one the shared plumbing reads. */
export const loadConfig = loader(serverSchema.transform((env, ctx) => serverConfig(env, ctx)), variablesOf(serverSchema));
export const loadGatewayConfig = loader(gatewaySchema, variablesOf(gatewaySchema.innerType()));
export const loadIdentityConfig = loader(identitySchema, variablesOf(identitySchema.innerType()));
export const loadFoodsConfig = loader(foodsSchema, variablesOf(foodsSchema.innerType()));
export const loadInsightsConfig = loader(insightsSchema, variablesOf(insightsSchema.innerType()));
export const loadNotificationsConfig = loader(notificationsSchema, variablesOf(notificationsSchema.innerType()));

/** The process's configuration in Nest, as its start-up loaded it. */
export const SERVER_CONFIG = Symbol('SERVER_CONFIG');

/** A process's configuration at start-up: a bad setting stops it with its one-line reason, not a stack trace. */
export function configOrExit<Config extends ServerConfig>(load: () => Config): Config {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
