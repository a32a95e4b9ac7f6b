import { DiscardPolicy, headers, JetStreamManager, JsMsg, MsgHdrs, nanos, NatsError, RetentionPolicy, StorageType, StoredMsg } from 'nats';
import { StoredEvent } from './event';

/** Headers every published event carries, so tools can route and inspect without parsing the body. */
export const EventHeaders = {
  position: 'Fodmap-Event-Position',
  type: 'Fodmap-Event-Type',
  schemaVersion: 'Fodmap-Event-Schema-Version',
  source: 'Fodmap-Event-Source',
} as const;

/** Long enough to cover a relay restart, after which consumers' position checks catch any duplicate left. */
const DUPLICATE_WINDOW_MS = 10 * 60_000;

function subjectToken(value: string): string {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new Error(`Not a valid NATS subject token: ${value}`);
  return value;
}

/** One stream per run (NATS_PREFIX) holds every service's events; stream names allow no dots or wildcards. */
export function eventStreamName(natsPrefix: string): string {
  return `${natsPrefix.replace(/[^A-Za-z0-9_-]/g, '_')}_events`;
}

/** What every subject of a service's events starts with. */
function sourceSubjectPrefix(natsPrefix: string, service: string): string {
  return `${natsPrefix}.events.${subjectToken(service)}.`;
}

/**
 * The subject's last token names whose event it is: `u<userId>` when the data has a numeric userId (every stream but
 * `account-erasure-*` is one person's), else `_`. An erasure purges the person's messages by it (`ownerSubjectFilter`).
 */
function ownerToken(data: unknown): string {
  const userId = typeof data === 'object' && data !== null ? (data as { userId?: unknown }).userId : undefined;
  return typeof userId === 'number' && Number.isSafeInteger(userId) ? `u${userId}` : '_';
}

/** `<prefix>.events.<service>.<type>.<owner>`; consumers filter on `<prefix>.events.<service>.>`, so the owner is theirs to ignore. */
export function eventSubject(natsPrefix: string, service: string, type: string, data: unknown): string {
  return `${sourceSubjectPrefix(natsPrefix, service)}${subjectToken(type)}.${ownerToken(data)}`;
}

/** Every message of one person's events of a service, whatever their type. */
export function ownerSubjectFilter(natsPrefix: string, service: string, userId: number): string {
  return `${sourceSubjectPrefix(natsPrefix, service)}*.${ownerToken({ userId })}`;
}

export function sourceSubjectFilter(natsPrefix: string, service: string): string {
  return `${sourceSubjectPrefix(natsPrefix, service)}>`;
}

export function isSourceSubject(natsPrefix: string, service: string, subject: string): boolean {
  return subject.startsWith(sourceSubjectPrefix(natsPrefix, service));
}

function isNotFound(error: unknown): boolean {
  return error instanceof NatsError && (error.code === '404' || error.api_error?.err_code === 10059);
}

/** The stream's message at `sequence`, or null when the stream holds none there. */
export async function streamMessage(jsm: JetStreamManager, streamName: string, sequence: number): Promise<StoredMsg | null> {
  try {
    return await jsm.streams.getMessage(streamName, { seq: sequence });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** Creates the run's event stream if missing: limits retention that keeps everything (rebuilds replay from 1). */
export async function ensureEventStream(jsm: JetStreamManager, natsPrefix: string): Promise<string> {
  const name = eventStreamName(natsPrefix);
  try {
    await jsm.streams.info(name);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    await jsm.streams.add({
      name,
      subjects: [`${natsPrefix}.events.>`],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      max_msgs: -1,
      max_bytes: -1,
      max_age: 0,
      duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    });
  }
  return name;
}

export function eventHeaders(source: string, event: StoredEvent): MsgHdrs {
  const h = headers();
  h.set(EventHeaders.position, String(event.position));
  h.set(EventHeaders.type, event.type);
  h.set(EventHeaders.schemaVersion, String(event.schemaVersion));
  h.set(EventHeaders.source, source);
  return h;
}

export function encodeEvent(event: StoredEvent): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(event));
}

/** The body is the whole stored event; a message that is not one is a poison message. */
export function decodeEvent(msg: JsMsg): StoredEvent {
  const event = JSON.parse(new TextDecoder().decode(msg.data)) as StoredEvent;
  if (!Number.isSafeInteger(event.position) || typeof event.type !== 'string' || typeof event.eventId !== 'string') {
    throw new Error('The message body is not a stored event');
  }
  return event;
}
