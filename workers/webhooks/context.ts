import type { Clock, FetchLike, Logger } from "@scouts/core/ports";
import type { ScoutsDb } from "@scouts/db";
import type { Config, Env } from "../env.ts";

/** Ports and config every handler gets on `c.var.services`, built once per request. */
export interface Services {
  config: Config;
  db: ScoutsDb;
  fetch: FetchLike;
  clock: Clock;
  logger: Logger;
  requestId: string;
}

/** Who is calling, set by `requireSession`, `requireDevice` or `requireUser`. */
export interface AuthInfo {
  userId: string;
  via: "session" | "device";
  deviceId?: string;
}

export type AppEnv = {
  Bindings: Env;
  Variables: { services: Services; auth: AuthInfo };
};

/** What tests (and nothing else) override; the deployed Worker uses the defaults. */
export interface AppOptions {
  /** Outbound fetch for Google, Slack and JWKS; tests inject the providers' fakes here. */
  fetch?: FetchLike;
  clock?: Clock;
  logger?: Logger;
}
