import { eventsOfSource } from '@fodmap/contracts';
import { createEventStoreTables, dropEventStoreTables, EventRelay, EventStore, eventStoreEntities } from '@fodmap/server';
import { connect } from 'nats';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { openSchema } from './database';
import { testConfig } from './test-environment';

class ProducerEventStore1767225600000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await createEventStoreTables(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await dropEventStoreTables(queryRunner);
  }
}

export interface Producer {
  /** Appends as the service would: its events reach consumers as `<prefix>.events.<service>.<type>.<owner>`. */
  store: EventStore;
  stop(): Promise<void>;
}

/**
 * Stands in for another service, so that a consumer's test appends that service's events instead of starting it.
 * Its events table is in a schema of its own (`producer_<service>`), since the real service's migrations own
 * `<service>`; positions there start again at 1, so the test consuming them uses a NATS prefix of its own.
 */
export async function startProducer(service: string): Promise<Producer> {
  const { natsUrl, natsPrefix } = testConfig();
  const dataSource = await openSchema(`producer_${service}`, eventStoreEntities, [ProducerEventStore1767225600000]);
  const nats = await connect({ servers: natsUrl });
  const relay = new EventRelay({ dataSource, nats, natsPrefix, service, pollIntervalMs: 100 });
  relay.start();
  return {
    store: new EventStore(dataSource, service, eventsOfSource(service)),
    async stop() {
      await relay.stop();
      await nats.drain();
      await dataSource.destroy();
    },
  };
}
