import type { Clock, IdGenerator } from "../ports.ts";

/** A stored domain event. `payload` holds ids, verdicts, counts: never message content. */
export interface DomainEvent {
  id: string;
  userId: string;
  type: string;
  /** The entity the event is about, as a reference (`scout:…`, `automation:…`), never text. */
  subject: string | null;
  payload: Record<string, EventValue>;
  /** How many automation runs led to this event (guards against endless chains). */
  chainDepth: number;
  createdAt: number;
}

export type EventValue = string | number | boolean | null | (string | number | boolean | null)[];

/** Persistence for events; only core/events uses it (no other code touches the table). */
export interface EventStore {
  insert(event: DomainEvent): Promise<void>;
  get(id: string): Promise<DomainEvent | null>;
  deleteOlderThan(cutoffMs: number): Promise<number>;
}

/** What happens after an event is stored (the Worker enqueues a dispatch job for it). */
export type EventDispatch = (event: DomainEvent) => Promise<void>;

export interface EventsCtx {
  eventStore: EventStore;
  clock: Clock;
  ids: IdGenerator;
  dispatch: EventDispatch;
}

export type EventHandler = (event: DomainEvent) => Promise<void> | void;
