import { EntityManager } from 'typeorm';
import { StoredEvent } from './event';
import { qualifiedTable } from './sql';

export interface ProjectionContext {
  manager: EntityManager;
  /** Quoted, schema-qualified names of the projection's tables by their plain name: the live tables, or fresh ones during a rebuild. */
  tables: Record<string, string>;
}

export type ProjectionHandler = (context: ProjectionContext, event: StoredEvent) => Promise<void>;

/**
 * A read model built from events. The same definition serves an inline projection (updated in the append's
 * transaction), a consumer projection (updated from JetStream) and the rebuild of either.
 * Handlers write through `context.tables` only, never a fixed table name, so that a rebuild can fill fresh tables.
 * Its tables stand alone (no foreign keys to them, no serial columns) so that they can be swapped.
 */
export interface ProjectionDefinition {
  /** Keys its checkpoints, advisory lock, durable consumers and dead letters: snake_case. */
  name: string;
  /** The tables it owns, created by the service's migrations. */
  tables: readonly string[];
  /** By producing service, then by event type. An event without a handler only moves the checkpoint. */
  handlers: Record<string, Partial<Record<string, ProjectionHandler>>>;
}

export const REBUILD_SUFFIX = '__rebuild';

export function projectionTables(projection: ProjectionDefinition, schema: string, suffix = ''): Record<string, string> {
  return Object.fromEntries(projection.tables.map((table) => [table, qualifiedTable(schema, `${table}${suffix}`)]));
}

/** Applies one event if the projection handles it; returns whether a handler ran. */
export async function applyEvent(
  projection: ProjectionDefinition,
  source: string,
  context: ProjectionContext,
  event: StoredEvent,
): Promise<boolean> {
  const handler = projection.handlers[source]?.[event.type];
  if (!handler) return false;
  await handler(context, event);
  return true;
}
