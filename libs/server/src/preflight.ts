import { Socket } from 'node:net';
import { ServerConfig } from './config';

interface Dependency {
  name: string;
  url: string;
  variable: string;
  defaultPort: number;
  howToStart: string;
}

/** The infrastructure a process needs, each with the one line that tells a person how to start it. */
export function dependenciesOf(config: ServerConfig, needs: Array<'postgres' | 'nats' | 'redis'>): Dependency[] {
  const all: Record<string, Dependency> = {
    postgres: {
      name: 'PostgreSQL',
      url: config.databaseUrl,
      variable: 'DATABASE_URL',
      defaultPort: 5432,
      howToStart: "start it with 'pg_ctlcluster 15 main start' or 'docker compose up -d postgres'",
    },
    nats: {
      name: 'NATS (with JetStream)',
      url: config.natsUrl,
      variable: 'NATS_URL',
      defaultPort: 4222,
      howToStart: "start it with 'nats-server -js' or 'docker compose up -d nats'",
    },
    redis: {
      name: 'Redis',
      url: config.redisUrl,
      variable: 'REDIS_URL',
      defaultPort: 6379,
      howToStart: "start it with 'redis-server --daemonize yes' or 'docker compose up -d redis'",
    },
  };
  return needs.map((need) => all[need]);
}

function reachable(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

/** Returns one line per unreachable dependency; empty when all answer. */
export async function findUnreachable(deps: Dependency[], timeoutMs = 2000): Promise<string[]> {
  const results = await Promise.all(
    deps.map(async (dep) => {
      const url = new URL(dep.url);
      const host = url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
      const port = Number(url.port || dep.defaultPort);
      const ok = await reachable(host, port, timeoutMs);
      return ok ? null : `${dep.name} is not reachable at ${host}:${port} (${dep.variable}): ${dep.howToStart}.`;
    }),
  );
  return results.filter((line): line is string => line !== null);
}

/** Exits with a one-line error per missing dependency instead of hanging or printing a stack trace. */
export async function requireDependencies(config: ServerConfig, needs: Array<'postgres' | 'nats' | 'redis'>): Promise<void> {
  const problems = await findUnreachable(dependenciesOf(config, needs));
  if (problems.length > 0) {
    for (const line of problems) console.error(line);
    process.exit(1);
  }
}
