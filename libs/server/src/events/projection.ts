import { CurrentEventData, EventDefinitions } from '@fodmap/contracts';
import { EntityManager } from 'typeorm';
import { EventNotApplicableError, readEvent } from './catalog';
import { EventShape, StoredEvent } from './event';
import { BatchedWrites, ImmediateWrites, KeyedWrites } from './keyed-writes';
import { liveJobs, ProjectionJobs } from '../jobs/projection-jobs';
import { qualifiedTable } from './sql';

export interface ProjectionContext {
  manager: EntityManager;
  /** Quoted, schema-qualified names of the projection's tables by their plain name: the live tables, or fresh ones during a rebuild. */
  tables: Record<string, string>;
  /** Work after commit (an email, an AI request): a job enqueued in this transaction; none during a rebuild. */
  jobs: ProjectionJobs;
}

/** What a handler of a projection with `batchedWrites` gets: keyed writes to its tables, by their plain names, and its jobs. */
export interface BatchedContext {
  rows: KeyedWrites;
  jobs: ProjectionJobs;
}

/** What every handler is called with; each kind of projection's handlers see their part of it. */
export type HandlerContext = ProjectionContext & BatchedContext;

/** The context of handlers that write at once, in the transaction of `manager`; a rebuild passes replayedJobs. */
export function projectionContext(projection: Projection, manager: EntityManager, tables: Record<string, string>, jobs: ProjectionJobs = liveJobs(manager)): HandlerContext {
  return { manager, tables, rows: new ImmediateWrites(manager, tables, projection.keys), jobs };
}

/**
 * The context a batch of events is applied with in one transaction (a rebuild's batch, a consumer's, an append group's).
 * A projection with batchedWrites has its writes folded in memory and sent by `flush` in a few statements; any other
 * writes at once and `flush` has nothing to do.
 */
export function batchContext(projection: Projection, manager: EntityManager, tables: Record<string, string>, jobs: ProjectionJobs = liveJobs(manager)): { context: HandlerContext; flush: () => Promise<void> } {
  if (!projection.batchedWrites) return { context: projectionContext(projection, manager, tables, jobs), flush: async () => undefined };
  const rows = new BatchedWrites(tables, projection.keys);
  return { context: { manager, tables, rows, jobs }, flush: () => rows.flush(manager) };
}

export type ProjectionHandler<E extends EventShape = EventShape, C = HandlerContext> = (context: C, event: StoredEvent<E>) => Promise<void>;

/** Handlers of one source by event type, each receiving that type's current version. */
export type ProjectionHandlers<D extends EventDefinitions, C = ProjectionContext> = {
  [T in keyof D & string]?: ProjectionHandler<{ type: T; data: CurrentEventData<D, T> }, C>;
};

/** The event maps of producing services by source: `domainEvents`, or a test producer's own. */
export type EventSources = Record<string, EventDefinitions>;

/** By producing service, then by event type: a source accepts only its own event types. */
export type SourceHandlers<M extends EventSources, C = ProjectionContext> = { [S in keyof M & string]?: ProjectionHandlers<M[S], C> };

/**
 * A read model built from events. The same definition serves an inline projection (updated in the append's
 * transaction), a consumer projection (updated from JetStream) and the rebuild of either.
 * Handlers write through `context.tables` only, never a fixed table name, so that a rebuild can fill fresh tables.
 * Its tables stand alone (no foreign keys to them, no serial columns) so that they can be swapped.
 */
interface ProjectionDefinitionBase<M extends EventSources> {
  /** Keys its checkpoints, advisory lock, durable consumers and dead letters: snake_case. */
  name: string;
  /** The tables it owns, created by the service's migrations. */
  tables: readonly string[];
  /** The schemas its events are read (and upcast) with, by source. */
  events: M;
  /**
   * Event types of a source this projection does not need, said explicitly: any other event without a handler
   * is dead-lettered, so a new event type is never passed over unnoticed.
   */
  ignores?: NoInfer<{ [S in keyof M & string]?: ReadonlyArray<keyof M[S] & string> }>;
  /**
   * Required, and must be true, when it handles events of more than one source: sources have no order between them
   * (each has its own positions and its own durable consumer, and a rebuild reads them one after the other), so the
   * projection's handlers must give the same tables in any interleaving, and its tests must show that.
   */
  orderIndependentAcrossSources?: true;
}

export type ProjectionDefinition<M extends EventSources> = ProjectionDefinitionBase<M> &
  (
    | {
        batchedWrites?: false;
        handlers: NoInfer<SourceHandlers<M>>;
      }
    | {
        /**
         * Its handlers only write, through `context.rows` (keyed writes; no manager): a rebuild then folds a batch of
         * events into a few statements, which a replay of tens of thousands of events needs (see rebuild.ts).
         */
        batchedWrites: true;
        /** Each table's key column. */
        keys: Record<string, string>;
        handlers: NoInfer<SourceHandlers<M, BatchedContext>>;
      }
  );

/** A projection with its event types erased, as the relay, consumers and rebuilds handle it. */
export interface Projection {
  name: string;
  tables: readonly string[];
  events: EventSources;
  handlers: Record<string, Partial<Record<string, ProjectionHandler>>>;
  ignores: Partial<Record<string, readonly string[]>>;
  batchedWrites: boolean;
  /** Each table's key column, for keyed writes. */
  keys: Record<string, string>;
}

/** Checks a projection's handlers against its event map, then erases the types: readEvent guarantees each handler its data. */
export function defineProjection<M extends EventSources>(definition: ProjectionDefinition<M>): Projection {
  const handled = Object.keys(definition.handlers);
  if (handled.length > 1 && definition.orderIndependentAcrossSources !== true) {
    throw new Error(`${definition.name} handles ${handled.join(' and ')}, whose events have no order between them: declare orderIndependentAcrossSources once its handlers (and tests) make it so`);
  }
  return {
    name: definition.name,
    tables: definition.tables,
    events: definition.events,
    handlers: definition.handlers as Projection['handlers'],
    ignores: definition.ignores ?? {},
    batchedWrites: definition.batchedWrites === true,
    keys: definition.batchedWrites === true ? definition.keys : {},
  };
}

export const REBUILD_SUFFIX = '__rebuild';

export function projectionTables(projection: Projection, schema: string, suffix = ''): Record<string, string> {
  return Object.fromEntries(projection.tables.map((table) => [table, qualifiedTable(schema, `${table}${suffix}`)]));
}

/** The sources a projection reads: those it handles and those whose events it explicitly ignores. */
export function projectionSources(projection: Projection): string[] {
  return [...new Set([...Object.keys(projection.handlers), ...Object.keys(projection.ignores)])].sort();
}

/**
 * Applies one event: its handler runs on the event upcast to the current version. Returns false for an event type
 * the projection explicitly ignores; throws EventNotApplicableError for one it neither handles nor ignores.
 */
export async function applyEvent(projection: Projection, source: string, context: HandlerContext, event: StoredEvent): Promise<boolean> {
  const handler = projection.handlers[source]?.[event.type];
  if (!handler) {
    if (projection.ignores[source]?.includes(event.type)) return false;
    throw new EventNotApplicableError(`${projection.name} has no handler for ${event.type} of ${source}, nor lists it as ignored`);
  }
  await handler(context, readEvent(projection.events[source] ?? {}, event));
  return true;
}
