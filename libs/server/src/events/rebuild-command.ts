import { eventsOfSource } from '@fodmap/contracts';
import { connect } from 'nats';
import { ServiceSchema, withServiceDatabase } from '../service-command';
import { EventStore } from './event-store';
import { Projection } from './projection';
import { rebuildConsumerProjection, rebuildInlineProjection, RebuildResult } from './rebuild';

export interface RebuildCommandOptions extends ServiceSchema {
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
  return withServiceDatabase(options, ['postgres', 'nats'], async (dataSource, config) => {
    if (inline) return await rebuildInlineProjection(new EventStore(dataSource, options.service, eventsOfSource(options.service)), inline);
    const nats = await connect({ ...config.nats, name: `${options.service}-rebuild` });
    try {
      return await rebuildConsumerProjection({ dataSource, nats, natsPrefix: config.natsPrefix, projection });
    } finally {
      await nats.drain();
    }
  });
}
