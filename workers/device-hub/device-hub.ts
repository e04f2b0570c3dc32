import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env.ts";

/** One per user: holds that user's device WebSockets (hibernation API) and delivers proposals. */
export class DeviceHub extends DurableObject<Env> {
  override async fetch(_request: Request): Promise<Response> {
    return new Response("not implemented", { status: 501 });
  }
}
