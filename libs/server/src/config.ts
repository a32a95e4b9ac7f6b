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
  sessionSecret: string;
}

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
    sessionSecret: env.SESSION_SECRET ?? 'fodmap-journal-development-secret',
  };
}
