import { eventsOfSource } from '@fodmap/contracts';
import { connect } from 'nats';
import { DataSource, DataSourceOptions } from 'typeorm';
import { loadConfig } from '../config';
import { ensureDatabase, ensureSchema, serviceDataSourceOptions } from '../database';
import { requireDependencies } from '../preflight';
import { EventStore } from './event-store';
import { Projection } from './projection';
import { rebuildConsumerProjection, rebuildInlineProjection, RebuildResult } from './rebuild';

export interface RebuildCommandOptions {
  service: string;
  entities: NonNullable<DataSourceOptions['entities']>;
  migrations: NonNullable<DataSourceOptions['migrations']>;
  /** Projections updated in the append's transaction, replayed from the events table. */
  inline?: Projection[];
  /** Projections kept from JetStream, replayed from the stream. */
  consumer?: Projection[];
}

/**
 * The body of a service's `rebuild.js`: `node apps/<service>/dist/rebuild.js <projection>`.
 * Safe while the service runs; see rebuild.ts for why readers never see a half-built table.
 */
export async function runRebuildCommand(options: RebuildCommandOptions, projectionName: string | undefined): Promise<RebuildResult> {
  const inline = (options.inline ?? []).find((projection) => projection.name === projectionName);
  const consumer = (options.consumer ?? []).find((projection) => projection.name === projectionName);
  const projection = inline ?? consumer;
  if (!projection) {
    const known = [...(options.inline ?? []), ...(options.consumer ?? [])].map((projection) => projection.name);
    throw new Error(`Usage: rebuild.js <projection>, one of: ${known.join(', ')}`);
  }
  const config = loadConfig();
  await requireDependencies(config, ['postgres', 'nats']);
  await ensureDatabase(config.databaseUrl);
  await ensureSchema(config.databaseUrl, options.service);
  const dataSource = await new DataSource(
    serviceDataSourceOptions(config.databaseUrl, options.service, options.entities, options.migrations),
  ).initialize();
  try {
    if (inline) return await rebuildInlineProjection(new EventStore(dataSource, options.service, eventsOfSource(options.service)), inline);
    const nats = await connect({ servers: config.natsUrl, name: `${options.service}-rebuild` });
    try {
      return await rebuildConsumerProjection({ dataSource, nats, natsPrefix: config.natsPrefix, projection });
    } finally {
      await nats.drain();
    }
  } finally {
    await dataSource.destroy();
  }
}
