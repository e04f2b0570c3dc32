/** Interfaces the platforms implement and pass in `ctx`. core never imports a platform. */

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export type LogLevel = "debug" | "info" | "warn" | "error";

/**
 * Structured logs. Fields must be ids, codes and counts: never a subject, snippet, body or token.
 */
export interface Logger {
  log(
    level: LogLevel,
    event: string,
    fields?: Record<string, string | number | boolean | null | undefined>,
  ): void;
}

export const silentLogger: Logger = { log: () => {} };

export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

export type Sleep = (ms: number) => Promise<void>;

export const realSleep: Sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export type IdGenerator = () => string;

export const randomId: IdGenerator = () => crypto.randomUUID();
