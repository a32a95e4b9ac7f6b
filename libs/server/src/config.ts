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
}

/** What only the gateway needs: the browser-facing security settings. */
export interface GatewayConfig extends ServerConfig {
  sessionSecret: string;
  /** Addresses or subnets (express `trust proxy` syntax) whose X-Forwarded-* headers are believed; empty trusts none. */
  trustedProxies: string[];
  /** Origins allowed to make state-changing requests: PUBLIC_URL's origin plus ALLOWED_ORIGINS. */
  allowedOrigins: string[];
  /** How long the gateway keeps a cached journal read at most (JournalReadCache); 0 turns the cache off. */
  journalReadCacheSeconds: number;
  /** How long the gateway waits for a service's answer before a 504. */
  rpcTimeoutMs: number;
  /** New accounts per client address per hour, and from everywhere per minute (issue 20: each costs an argon2 hash). */
  registrationLimits: { perAddressPerHour: number; perMinute: number };
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
}

/** A setting the process cannot start without; its message is the one line a person reads. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEVELOPMENT_SESSION_SECRET = 'fodmap-journal-development-secret';
const DEVELOPMENT_LINK_SECRET = 'fodmap-journal-development-link-secret';

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
});

function serverConfig(env: z.output<typeof serverSchema>): ServerConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    natsUrl: env.NATS_URL,
    redisUrl: env.REDIS_URL,
    smtpUrl: env.SMTP_URL,
    natsPrefix: env.NATS_PREFIX,
    port: env.PORT,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  };
}

const gatewaySchema = serverSchema
  .extend({
    SESSION_SECRET: z.string().optional(),
    TRUSTED_PROXIES: list,
    ALLOWED_ORIGINS: list,
    JOURNAL_READ_CACHE_SECONDS: wholeNumber('JOURNAL_READ_CACHE_SECONDS', 600, 0, 'a whole number of seconds, 0 or more'),
    RPC_TIMEOUT_MS: wholeNumber('RPC_TIMEOUT_MS', 5000, 1, 'a whole number of milliseconds, 1 or more'),
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: wholeNumber('REGISTRATIONS_PER_ADDRESS_PER_HOUR', 10, 1, 'a whole number, 1 or more'),
    REGISTRATIONS_PER_MINUTE: wholeNumber('REGISTRATIONS_PER_MINUTE', 60, 1, 'a whole number, 1 or more'),
  })
  .transform((env, ctx): GatewayConfig => {
    if (production(env) && !env.SESSION_SECRET) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'SESSION_SECRET must be set when NODE_ENV=production: it signs the session cookie.' });
      return z.NEVER;
    }
    const base = serverConfig(env);
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
      sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
      trustedProxies: env.TRUSTED_PROXIES,
      allowedOrigins: [...origins],
      journalReadCacheSeconds: env.JOURNAL_READ_CACHE_SECONDS,
      rpcTimeoutMs: env.RPC_TIMEOUT_MS,
      registrationLimits: { perAddressPerHour: env.REGISTRATIONS_PER_ADDRESS_PER_HOUR, perMinute: env.REGISTRATIONS_PER_MINUTE },
    };
  });

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
    (env): IdentityConfig => ({
      ...serverConfig(env),
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
    FOODS_DATA_DIR: z.string().optional(),
  })
  .transform(
    (env): FoodsConfig => ({
      ...serverConfig(env),
      research: { apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL ?? 'gpt-4o-mini', baseUrl: env.OPENAI_BASE_URL },
      dataDirectory: env.FOODS_DATA_DIR ?? null,
    }),
  );

const insightsSchema = serverSchema
  .extend({ INSIGHTS_CACHE_ENTRIES: wholeNumber('INSIGHTS_CACHE_ENTRIES', 1000, 0, 'a whole number, 0 or more') })
  .transform((env): InsightsConfig => ({ ...serverConfig(env), cacheEntries: env.INSIGHTS_CACHE_ENTRIES, environment: env.NODE_ENV || 'development' }));

const notificationsSchema = serverSchema
  .extend({
    LINK_SECRET: z.string().optional(),
    EMAIL_SEND_CONCURRENCY: wholeNumber('EMAIL_SEND_CONCURRENCY', 8, 1, 'a whole number, 1 or more'),
    MEAL_EMAIL_SPONSORS: z.string().optional(),
  })
  .transform((env, ctx): NotificationsConfig => {
    if (production(env) && !env.LINK_SECRET) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'LINK_SECRET must be set when NODE_ENV=production: it signs the emailed symptom and unsubscribe links.' });
      return z.NEVER;
    }
    return {
      ...serverConfig(env),
      linkSecret: env.LINK_SECRET ?? DEVELOPMENT_LINK_SECRET,
      emailSendConcurrency: env.EMAIL_SEND_CONCURRENCY,
      mealEmailSponsors: env.MEAL_EMAIL_SPONSORS === 'true',
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
export const loadConfig = loader(serverSchema.transform(serverConfig), variablesOf(serverSchema));
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
