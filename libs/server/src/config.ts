/** Runtime configuration: environment variables with local defaults (architecture rule 7). */
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
}

/** What only notifications needs: the key of its emailed links and how many emails it sends at once. */
export interface NotificationsConfig extends ServerConfig {
  /** Signs the one-tap symptom and unsubscribe links (HMAC-SHA256): whoever has it can log symptoms for anyone. */
  linkSecret: string;
  /** Email jobs the notifications worker runs side by side, over as many pooled SMTP connections. */
  emailSendConcurrency: number;
}

/** A setting the process cannot start without; its message is the one line a person reads. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const DEVELOPMENT_SESSION_SECRET = 'fodmap-journal-development-secret';
const DEVELOPMENT_LINK_SECRET = 'fodmap-journal-development-link-secret';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 3000);
  return {
    databaseUrl: env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fodmap',
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    smtpUrl: env.SMTP_URL ?? 'smtp://127.0.0.1:1025',
    natsPrefix: env.NATS_PREFIX ?? 'fodmap',
    port,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
  };
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const base = loadConfig(env);
  const production = env.NODE_ENV === 'production';
  if (production && !env.SESSION_SECRET) throw new ConfigError('SESSION_SECRET must be set when NODE_ENV=production: it signs the session cookie.');
  const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  const origins = [base.publicUrl, ...list(env.ALLOWED_ORIGINS)].map((url) => {
    try {
      return new URL(url).origin;
    } catch {
      throw new ConfigError(`PUBLIC_URL and ALLOWED_ORIGINS must be absolute URLs; '${url}' is not.`);
    }
  });
  const cacheSeconds = Number(env.JOURNAL_READ_CACHE_SECONDS ?? 600);
  if (!Number.isInteger(cacheSeconds) || cacheSeconds < 0) throw new ConfigError('JOURNAL_READ_CACHE_SECONDS must be a whole number of seconds, 0 or more.');
  return {
    ...base,
    sessionSecret: env.SESSION_SECRET ?? DEVELOPMENT_SESSION_SECRET,
    trustedProxies: list(env.TRUSTED_PROXIES),
    allowedOrigins: [...new Set(origins)],
    journalReadCacheSeconds: cacheSeconds,
  };
}

export function loadNotificationsConfig(env: NodeJS.ProcessEnv = process.env): NotificationsConfig {
  if (env.NODE_ENV === 'production' && !env.LINK_SECRET) throw new ConfigError('LINK_SECRET must be set when NODE_ENV=production: it signs the emailed symptom and unsubscribe links.');
  const concurrency = Number(env.EMAIL_SEND_CONCURRENCY ?? 8);
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new ConfigError('EMAIL_SEND_CONCURRENCY must be a whole number, 1 or more.');
  return { ...loadConfig(env), linkSecret: env.LINK_SECRET ?? DEVELOPMENT_LINK_SECRET, emailSendConcurrency: concurrency };
}
