import { CurrentEventData, EventDefinitions, EventOf } from '@fodmap/contracts';
import { NewEvent, StoredEvent } from './event';

/**
 * An event that can never be applied as it is: no schema for its type or version, no upcaster, data that does not
 * match its schema, or no handler. Retrying cannot help, so a consumer dead-letters it at once with this reason.
 */
export class EventNotApplicableError extends Error {}

/** A new event of the type's current version, validated against its schema before it is written. */
export function newEvent<D extends EventDefinitions, T extends keyof D & string>(definitions: D, type: T, data: CurrentEventData<D, T>): NewEvent<{ type: T; data: CurrentEventData<D, T> }> {
  const definition = definitions[type];
  definition.versions[definition.current].parse(data);
  return { type, schemaVersion: definition.current, data };
}

/**
 * Validates a stored event against the schema of its version and upcasts it, one version at a time, to the current one:
 * an event of the map, its data of its type's current version.
 */
export function readEvent<D extends EventDefinitions>(definitions: D, event: StoredEvent): StoredEvent<EventOf<D>>;
export function readEvent(definitions: EventDefinitions, event: StoredEvent): StoredEvent {
  const definition = Object.hasOwn(definitions, event.type) ? definitions[event.type] : undefined;
  if (!definition) throw new EventNotApplicableError(`No schema for event type ${event.type}`);
  let version = event.schemaVersion;
  if (!definition.versions[version]) {
    throw new EventNotApplicableError(`${event.type} version ${version} is not known here (current: ${definition.current})`);
  }
  let data = parseVersion(definition.versions[version], event, version, event.data);
  while (version < definition.current) {
    const upcast = definition.upcasters?.[version];
    if (!upcast) throw new EventNotApplicableError(`No upcaster for ${event.type} version ${version} to ${version + 1}`);
    data = parseVersion(definition.versions[version + 1], event, version + 1, upcast(data, { streamId: event.streamId }));
    version += 1;
  }
  return { ...event, schemaVersion: version, data };
}

function parseVersion(schema: EventDefinitions[string]['versions'][number], event: StoredEvent, version: number, data: unknown): unknown {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ');
    throw new EventNotApplicableError(`${event.type} version ${version} does not match its schema: ${issues}`);
  }
  return parsed.data;
}
