import { AccountErasedV1, domainEvents, IDENTITY } from '@fodmap/contracts';
import { NatsConnection } from 'nats';
import { EntityManager } from 'typeorm';
import { jobQueueSchema } from '../jobs/job';
import { ensureEventStream, ownerSubjectFilter } from './jetstream';
import { defineProjection, Projection } from './projection';
import { qualifiedTable, quoteIdentifier, schemaOf } from './sql';

/**
 * Serializes the relay's publishing with an erasure of the same schema: the relay publishes each batch holding it
 * shared, an erasure holds it exclusively while it deletes the person's events and purges their messages. So a message
 * is either published before the purge (and purged) or never (its event is gone when the relay reads next).
 */
export const erasureLockKey = (schema: string) => `${schema}.events.erasure`;

export interface EraseEventsOptions {
  manager: EntityManager;
  /** The service's schema: its events table, dead letters and job queue, each where it has one. */
  schema: string;
  nats: NatsConnection;
  natsPrefix: string;
  /** The service whose subjects are purged. */
  service: string;
  userId: number;
}

async function tableExists(manager: EntityManager, schema: string, table: string): Promise<boolean> {
  const [{ found }]: Array<{ found: boolean }> = await manager.query('SELECT to_regclass($1) IS NOT NULL AS found', [qualifiedTable(schema, table)]);
  return found;
}

/**
 * Rewrites one person out of a service's event log, in the caller's transaction (issue 20, docs/events.md 'Erasure'):
 * every event whose data names them by `userId` (every stream but `account-erasure-*` is one person's), their dead
 * letters, their waiting or failed jobs, and their messages in JetStream. The purge runs last, inside the transaction
 * and under the erasure lock: should the commit then fail, the caller's retry purges again, and an event that stayed is
 * never published a second time (the relay's checkpoint is past it). Idempotent.
 */
export async function eraseEventsOf({ manager, schema, nats, natsPrefix, service, userId }: EraseEventsOptions): Promise<void> {
  await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [erasureLockKey(schema)]);
  const id = String(userId);
  if (await tableExists(manager, schema, 'events')) {
    await manager.query(`DELETE FROM ${qualifiedTable(schema, 'events')} WHERE data->>'userId' = $1`, [id]);
  }
  if (await tableExists(manager, schema, 'dead_letters')) {
    // The body is the message as received: a stored event, or something that did not even parse (kept, it names no one).
    await manager.query(
      `DELETE FROM ${qualifiedTable(schema, 'dead_letters')} WHERE body ~ '^\\s*\\{' AND body::jsonb #>> '{data,userId}' = $1`,
      [id],
    );
  }
  const queue = quoteIdentifier(jobQueueSchema(schema));
  if (await tableExists(manager, jobQueueSchema(schema), '_private_jobs')) {
    // complete_jobs deletes them; a job running now is locked and left to finish (it reads rows that are gone).
    await manager.query(`SELECT ${queue}.complete_jobs(ARRAY(SELECT id FROM ${queue}._private_jobs WHERE payload->>'userId' = $1))`, [id]);
  }
  const jsm = await nats.jetstreamManager();
  await jsm.streams.purge(await ensureEventStream(jsm, natsPrefix), { filter: ownerSubjectFilter(natsPrefix, service, userId) });
}

/** What a service deletes of the person besides its events: its rows, in the erasure's transaction. */
export type EraseRows = (manager: EntityManager, userId: number) => Promise<void>;

/** Deletes the person's rows of each of the service's tables, given by name with the column that names the person. */
export function deleteRowsOf(tables: Record<string, string>): EraseRows {
  return async (manager, userId) => {
    const schema = schemaOf(manager.connection);
    for (const [table, column] of Object.entries(tables)) {
      await manager.query(`DELETE FROM ${qualifiedTable(schema, table)} WHERE ${quoteIdentifier(column)} = $1`, [userId]);
    }
  };
}

const identityEventTypes = Object.keys(domainEvents[IDENTITY]) as Array<keyof (typeof domainEvents)[typeof IDENTITY] & string>;

/**
 * A service's consumer of AccountErased (EventsModule's `erasure`): deletes the person's rows and events. It owns no
 * tables: the read models it deletes from are rebuilt from events that no longer name the person. Named after the
 * service (`<service>_erasure`): the durable consumers of one stream are shared by name, and each service needs every message.
 */
export function erasureProjection(service: string, erase: (manager: EntityManager, event: AccountErasedV1) => Promise<void>): Projection {
  return defineProjection({
    name: `${service}_erasure`,
    tables: [],
    events: domainEvents,
    handlers: { [IDENTITY]: { AccountErased: ({ manager }, { data }) => erase(manager, data) } },
    // Every other identity event, those added later included: this consumer acts on the one announcement only.
    ignores: { [IDENTITY]: identityEventTypes.filter((type) => type !== 'AccountErased') },
  });
}
