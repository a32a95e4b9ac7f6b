import { describe, expect, it } from '@jest/globals';
import { ConfigError, natsConnectionOptions, loadConfig, loadFoodsConfig, loadGatewayConfig, loadIdentityConfig, loadInsightsConfig, loadNotificationsConfig } from './config';

/** Production secrets of the least length (32 bytes each). */
const SECRETS = { SESSION_SECRET: 's'.repeat(32), LINK_SECRET: 'l'.repeat(32), CALLER_SECRET: 'c'.repeat(32) };

describe('loadGatewayConfig', () => {
  it('refuses to start in production without SESSION_SECRET, in one line naming the variable', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ NODE_ENV: 'production' })).toThrow(/^SESSION_SECRET must be set when NODE_ENV=production[^\n]*$/);
  });

  it('uses the development secret only outside production', () => {
    expect(loadGatewayConfig({}).sessionSecret).toBeTruthy();
    expect(loadGatewayConfig({ NODE_ENV: 'production', ...SECRETS }).sessionSecret).toBe(SECRETS.SESSION_SECRET);
  });

  it('refuses production secrets shorter than 32 bytes, and a missing CALLER_SECRET, naming each', () => {
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', ...SECRETS, SESSION_SECRET: 's3cret' })).toThrow(/^SESSION_SECRET must be at least 32 bytes when NODE_ENV=production/);
    expect(() => loadGatewayConfig({ NODE_ENV: 'production', ...SECRETS, CALLER_SECRET: undefined })).toThrow(/^CALLER_SECRET must be set when NODE_ENV=production/);
    expect(() => loadIdentityConfig({ NODE_ENV: 'production', CALLER_SECRET: 'short' })).toThrow(/^CALLER_SECRET must be at least 32 bytes/);
    expect(() => loadNotificationsConfig({ NODE_ENV: 'production', ...SECRETS, LINK_SECRET: 'k' })).toThrow(/^LINK_SECRET must be at least 32 bytes/);
    expect(loadIdentityConfig({ CALLER_SECRET: 'short' }).callerSecret).toBe('short');
    expect(loadIdentityConfig({}).callerSecret).toBeTruthy();
  });

  it('refuses production behind https without TRUSTED_PROXIES, and allows it with them or over plain http', () => {
    const https = { NODE_ENV: 'production', ...SECRETS, PUBLIC_URL: 'https://journal.example' };
    expect(() => loadGatewayConfig(https)).toThrow(/^TRUSTED_PROXIES must be set when NODE_ENV=production and PUBLIC_URL is https/);
    expect(loadGatewayConfig({ ...https, TRUSTED_PROXIES: '10.0.0.0/8' }).trustedProxies).toEqual(['10.0.0.0/8']);
    expect(loadGatewayConfig({ ...https, PUBLIC_URL: 'http://localhost:3000' }).trustedProxies).toEqual([]);
    expect(loadGatewayConfig({ PUBLIC_URL: 'https://journal.example' }).trustedProxies).toEqual([]);
  });

  it('makes cookies Secure when PUBLIC_URL is https', () => {
    expect(loadGatewayConfig({ PUBLIC_URL: 'https://journal.example' }).secureCookies).toBe(true);
    expect(loadGatewayConfig({}).secureCookies).toBe(false);
  });

  it('allows the public origin plus ALLOWED_ORIGINS, and trusts no proxy unless told', () => {
    const config = loadGatewayConfig({ PUBLIC_URL: 'https://journal.example/app', ALLOWED_ORIGINS: 'https://brand.example, https://journal.example' });
    expect(config.allowedOrigins).toEqual(['https://journal.example', 'https://brand.example']);
    expect(config.trustedProxies).toEqual([]);
    expect(loadGatewayConfig({ TRUSTED_PROXIES: '10.0.0.0/8,loopback' }).trustedProxies).toEqual(['10.0.0.0/8', 'loopback']);
  });

  it('keeps journal reads 10 minutes unless told, 0 turning the cache off, and refuses anything else', () => {
    expect(loadGatewayConfig({}).journalReadCacheSeconds).toBe(600);
    expect(loadGatewayConfig({ JOURNAL_READ_CACHE_SECONDS: '0' }).journalReadCacheSeconds).toBe(0);
    expect(() => loadGatewayConfig({ JOURNAL_READ_CACHE_SECONDS: 'ten' })).toThrow(/^JOURNAL_READ_CACHE_SECONDS must be a whole number/);
    expect(() => loadGatewayConfig({ JOURNAL_READ_CACHE_SECONDS: '-1' })).toThrow(ConfigError);
  });
});

describe('loadConfig', () => {
  it('falls back to the local defaults, PUBLIC_URL following PORT', () => {
    expect(loadConfig({})).toEqual({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/fodmap',
      natsUrl: 'nats://127.0.0.1:4222',
      redisUrl: 'redis://127.0.0.1:6379',
      smtpUrl: 'smtp://127.0.0.1:1025',
      natsPrefix: 'fodmap',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      nats: { servers: ['nats://127.0.0.1:4222'] },
      callerSecret: expect.any(String),
      observability: { metricsPort: 9464, logLevel: 'info', logFormat: 'json', otlpEndpoint: null },
      shutdownGraceMs: 25_000,
    });
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('reads the observability settings, and refuses a bad one naming its variable', () => {
    expect(loadConfig({ METRICS_PORT: '0', LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).observability).toEqual({
      metricsPort: 0,
      logLevel: 'debug',
      logFormat: 'pretty',
      otlpEndpoint: 'http://collector:4318',
    });
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/^METRICS_PORT must be a whole number/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent\./);
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/^LOG_FORMAT must be json or pretty\./);
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector' })).toThrow(/^OTEL_EXPORTER_OTLP_ENDPOINT must be an absolute URL\./);
  });

  it('answers a change of the environment at once, though it reuses an unchanged one', () => {
    const env: NodeJS.ProcessEnv = { NATS_PREFIX: 'first' };
    expect(loadConfig(env).natsPrefix).toBe('first');
    env.NATS_PREFIX = 'second';
    expect(loadConfig(env).natsPrefix).toBe('second');
  });

  it('refuses a port that is not a whole number, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^PORT must be a whole number/);
  });
});

describe('loadGatewayConfig, RPC_TIMEOUT_MS', () => {
  it('waits 5 s for a service unless told, and refuses a timeout that is not a positive whole number', () => {
    expect(loadGatewayConfig({}).rpcTimeoutMs).toBe(5000);
    expect(loadGatewayConfig({ RPC_TIMEOUT_MS: '800' }).rpcTimeoutMs).toBe(800);
    expect(() => loadGatewayConfig({ RPC_TIMEOUT_MS: '0' })).toThrow(/^RPC_TIMEOUT_MS must be a whole number of milliseconds/);
  });

  it('refuses an origin that is not an absolute URL', () => {
    expect(() => loadGatewayConfig({ ALLOWED_ORIGINS: 'brand.example' })).toThrow("PUBLIC_URL and ALLOWED_ORIGINS must be absolute URLs; 'brand.example' is not.");
  });
});

describe('loadGatewayConfig, BACKUP_SITE_URL', () => {
  it('has no backup site unless told (blank is unset), and takes an absolute http(s) address', () => {
    expect(loadGatewayConfig({}).backupSiteUrl).toBeNull();
    expect(loadGatewayConfig({ BACKUP_SITE_URL: ' ' }).backupSiteUrl).toBeNull();
    expect(loadGatewayConfig({ BACKUP_SITE_URL: 'https://backup.journal.example' }).backupSiteUrl).toBe('https://backup.journal.example');
  });

  it('refuses an address a browser cannot open, naming the variable', () => {
    for (const url of ['backup.journal.example', 'ftp://backup.journal.example', 'javascript:alert(1)']) {
      expect(() => loadGatewayConfig({ BACKUP_SITE_URL: url })).toThrow("BACKUP_SITE_URL must be an absolute http(s) URL, the backup site's address.");
    }
  });
});

describe('loadIdentityConfig', () => {
  it('reads ADMIN_EMAILS as trimmed, lowercased, distinct addresses, ignoring empty entries', () => {
    expect(loadIdentityConfig({ ADMIN_EMAILS: ' Ops@Example.com, ,second@example.com,ops@example.com,' }).adminEmails).toEqual(['ops@example.com', 'second@example.com']);
  });

  it('is empty when unset', () => {
    expect(loadIdentityConfig({}).adminEmails).toEqual([]);
  });

  it('refuses an entry that is not an address, naming it', () => {
    expect(() => loadIdentityConfig({ ADMIN_EMAILS: 'ops@example.com;boss@example.com' })).toThrow(ConfigError);
    expect(() => loadIdentityConfig({ ADMIN_EMAILS: 'ops@example.com, boss' })).toThrow("'boss' is not one");
  });

  it('has Stripe only with STRIPE_SECRET_KEY, with every STRIPE_* setting', () => {
    expect(loadIdentityConfig({ STRIPE_PRICE_ID: 'price_1' }).stripe).toBeNull();
    const settings = { STRIPE_SECRET_KEY: 'sk_test', STRIPE_PUBLISHABLE_KEY: 'pk_test', STRIPE_PRICE_ID: 'price_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_API_URL: 'http://127.0.0.1:4010' };
    expect(loadIdentityConfig(settings).stripe).toEqual({ secretKey: 'sk_test', publishableKey: 'pk_test', priceId: 'price_1', webhookSecret: 'whsec_1', apiUrl: 'http://127.0.0.1:4010' });
    expect(() => loadIdentityConfig({ ...settings, STRIPE_API_URL: 'stripe.local' })).toThrow(/^STRIPE_API_URL must be an absolute URL/);
  });
});

describe('loadFoodsConfig', () => {
  it('asks gpt-4o-mini at OpenAI only with a key, blanks counting as unset', () => {
    expect(loadFoodsConfig({ OPENAI_API_KEY: '  ' }).research).toEqual({ apiKey: null, model: 'gpt-4o-mini', baseUrl: null, dailyBudget: 2000 });
    expect(loadFoodsConfig({ OPENAI_API_KEY: ' sk-1 ', OPENAI_MODEL: 'gpt-4.1', OPENAI_BASE_URL: 'http://127.0.0.1:4020/v1' }).research).toEqual({
      apiKey: 'sk-1',
      model: 'gpt-4.1',
      baseUrl: 'http://127.0.0.1:4020/v1',
      dailyBudget: 2000,
    });
  });

  it('takes a daily AI budget of whole requests, 0 turning the model off', () => {
    expect(loadFoodsConfig({ AI_DAILY_BUDGET: '0' }).research.dailyBudget).toBe(0);
    expect(loadFoodsConfig({ AI_DAILY_BUDGET: '150' }).research.dailyBudget).toBe(150);
    expect(() => loadFoodsConfig({ AI_DAILY_BUDGET: '-1' })).toThrow(/AI_DAILY_BUDGET/);
  });

  it('reads the catalogue from FOODS_DATA_DIR when set', () => {
    expect(loadFoodsConfig({}).dataDirectory).toBeNull();
    expect(loadFoodsConfig({ FOODS_DATA_DIR: '/srv/foods' }).dataDirectory).toBe('/srv/foods');
  });
});

describe('loadInsightsConfig', () => {
  it('refuses a size that is not a whole number', () => {
    expect(loadInsightsConfig({}).cacheEntries).toBe(1000);
    expect(() => loadInsightsConfig({ INSIGHTS_CACHE_ENTRIES: 'lots' })).toThrow(ConfigError);
    expect(() => loadInsightsConfig({ INSIGHTS_CACHE_ENTRIES: '-1' })).toThrow(ConfigError);
  });

  it("reports NODE_ENV as the environment, 'development' when unset", () => {
    expect(loadInsightsConfig({}).environment).toBe('development');
    expect(loadInsightsConfig({ NODE_ENV: 'production', ...SECRETS }).environment).toBe('production');
  });
});

describe('loadNotificationsConfig', () => {
  it('refuses to start in production without LINK_SECRET, in one line naming the variable', () => {
    expect(() => loadNotificationsConfig({ NODE_ENV: 'production' })).toThrow(/^LINK_SECRET must be set when NODE_ENV=production[^\n]*$/);
    expect(loadNotificationsConfig({ NODE_ENV: 'production', ...SECRETS }).linkSecret).toBe(SECRETS.LINK_SECRET);
  });

  it('sends 8 emails at once unless told, and puts sponsors in meal emails only with MEAL_EMAIL_SPONSORS=true', () => {
    expect(loadNotificationsConfig({})).toMatchObject({ emailSendConcurrency: 8, mealEmailSponsors: false });
    expect(loadNotificationsConfig({ EMAIL_SEND_CONCURRENCY: '2', MEAL_EMAIL_SPONSORS: 'true' })).toMatchObject({ emailSendConcurrency: 2, mealEmailSponsors: true });
    expect(() => loadNotificationsConfig({ EMAIL_SEND_CONCURRENCY: '0' })).toThrow(/^EMAIL_SEND_CONCURRENCY must be a whole number, 1 or more/);
  });

  it('caps meal emails at 10 a person a day and other non-transactional email at 20 an address a day unless told', () => {
    expect(loadNotificationsConfig({})).toMatchObject({ mealEmailsPerDay: 10, emailsPerAddressPerDay: 20 });
    expect(loadNotificationsConfig({ MEAL_EMAILS_PER_DAY: '3', EMAILS_PER_ADDRESS_PER_DAY: '5' })).toMatchObject({ mealEmailsPerDay: 3, emailsPerAddressPerDay: 5 });
    expect(() => loadNotificationsConfig({ EMAILS_PER_ADDRESS_PER_DAY: '0' })).toThrow(/^EMAILS_PER_ADDRESS_PER_DAY must be a whole number, 1 or more/);
  });
});

describe('natsConnectionOptions', () => {
  it('takes the user and password (or a token) out of NATS_URL into the options nats.js reads', () => {
    expect(natsConnectionOptions('nats://127.0.0.1:4222')).toEqual({ servers: ['nats://127.0.0.1:4222'] });
    expect(natsConnectionOptions('nats://gateway:p%40ss%3Aword@nats:4222')).toEqual({ servers: ['nats://nats:4222'], user: 'gateway', pass: 'p@ss:word' });
    expect(natsConnectionOptions('nats://s3cr3t-token@nats:4222')).toEqual({ servers: ['nats://nats:4222'], token: 's3cr3t-token' });
    expect(loadConfig({ NATS_URL: 'nats://journal:pw@nats:4222' }).nats).toEqual({ servers: ['nats://nats:4222'], user: 'journal', pass: 'pw' });
  });

  it('leaves REDIS_URL whole: ioredis reads the password from it', async () => {
    const { default: Redis } = await import('ioredis');
    const redis = new Redis(loadConfig({ REDIS_URL: 'redis://:p%40ss@redis:6380/2' }).redisUrl, { lazyConnect: true });
    expect(redis.options).toMatchObject({ host: 'redis', port: 6380, password: 'p@ss', db: 2 });
    redis.disconnect();
  });
});
