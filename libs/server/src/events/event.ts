/** Who caused an event and why: stored beside every event and carried to every consumer. */
export interface EventMetadata {
  userId: number | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  /** The W3C traceparent of the work that appended it, when tracing is on: consumers continue that trace. */
  traceparent?: string;
}

/** An event's type and data: a service's events are a union of these, discriminated on `type` (`SourceEvent`). */
export interface EventShape {
  type: string;
  data: unknown;
}

/** An event about to be appended to a stream. */
export type NewEvent<E extends EventShape = EventShape> = E & { schemaVersion: number };

/** An event as the store keeps it, the relay publishes it and consumers receive it. */
export type StoredEvent<E extends EventShape = EventShape> = E & {
  /** Global position in the producing service's events table: the order of its commits. */
  position: number;
  streamId: string;
  /** 1 for a stream's first event. */
  streamVersion: number;
  eventId: string;
  schemaVersion: number;
  metadata: EventMetadata;
};
