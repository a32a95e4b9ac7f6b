/** Who caused an event and why: stored beside every event and carried to every consumer. */
export interface EventMetadata {
  userId: number | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
}

/** An event about to be appended to a stream. */
export interface NewEvent<TData = unknown> {
  type: string;
  schemaVersion: number;
  data: TData;
}

/** An event as the store keeps it, the relay publishes it and consumers receive it. */
export interface StoredEvent<TData = unknown> {
  /** Global position in the producing service's events table: the order of its commits. */
  position: number;
  streamId: string;
  /** 1 for a stream's first event. */
  streamVersion: number;
  eventId: string;
  type: string;
  schemaVersion: number;
  data: TData;
  metadata: EventMetadata;
}
