export { type PublishInput, publish } from "./publish.ts";
export { clearSubscriptions, notifySubscribers, subscribe } from "./subscribe.ts";
export type { DomainEvent, EventDispatch, EventHandler, EventStore, EventsCtx, EventValue } from "./types.ts";
