import { dependenciesOf, findUnreachable, loadConfig } from '@fodmap/server';

const URL_VARIABLES = ['DATABASE_URL', 'NATS_URL', 'REDIS_URL'] as const;

export interface Infrastructure {
  stop(): Promise<void>;
}

/**
 * The tests' PostgreSQL, NATS (JetStream) and Redis: the URLs in the environment, else the local defaults when they
 * answer, else containers started with testcontainers when no URL was given and a container engine exists, else an
 * error naming what to start. Started containers' URLs go into process.env for everything the run starts.
 */
export async function provideInfrastructure(): Promise<Infrastructure> {
  const problems = await findUnreachable(dependenciesOf(loadConfig(), ['postgres', 'nats', 'redis']));
  if (problems.length === 0) return { stop: async () => undefined };
  const configured = URL_VARIABLES.some((name) => process.env[name]);
  if (!configured && (await containerEngineAvailable())) return startContainers();
  const why = configured ? 'URLs set in the environment are used as given' : 'no container engine was found to start them in';
  throw new Error(`These tests need PostgreSQL, NATS with JetStream and Redis (${why}):\n${problems.join('\n')}`);
}

async function containerEngineAvailable(): Promise<boolean> {
  // Loaded only here: most runs use services that are already running and never need it.
  const { getContainerRuntimeClient } = await import('testcontainers');
  return getContainerRuntimeClient().then(
    () => true,
    () => false,
  );
}

async function startContainers(): Promise<Infrastructure> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const [postgres, nats, redis] = await Promise.all([
    new GenericContainer('postgres:15')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start(),
    new GenericContainer('nats:2.10').withCommand(['-js']).withExposedPorts(4222).withWaitStrategy(Wait.forLogMessage(/Server is ready/)).start(),
    new GenericContainer('redis:7').withExposedPorts(6379).withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/)).start(),
  ]);
  process.env.DATABASE_URL = `postgres://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/fodmap`;
  process.env.NATS_URL = `nats://${nats.getHost()}:${nats.getMappedPort(4222)}`;
  process.env.REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  return {
    stop: async () => {
      await Promise.all([postgres.stop(), nats.stop(), redis.stop()]);
    },
  };
}
