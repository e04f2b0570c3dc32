import { CoreError } from "@scouts/core/errors";
import { CloudPairRequest, LOCAL_API_PREFIX, PairRequest } from "@scouts/core/protocol/local-api";
import { parseInput } from "@scouts/core/validate";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { streamSSE } from "hono/streaming";
import type { AgentCtx } from "../services/context.ts";
import { getStatus } from "../services/control.ts";
import { type LocalAuth, requireLocalToken, requireLoopbackHost } from "./auth.ts";
import { limitBody } from "./body.ts";
import { onLocalError } from "./errors.ts";
import { miscRoutes } from "./misc.routes.ts";
import { screenedRoutes, screenerRoutes } from "./screener.routes.ts";
import { suggestionRoutes } from "./suggestions.routes.ts";

export interface LocalApiOptions {
  ctx: AgentCtx;
  auth: LocalAuth;
  pwaOrigins: string[];
  devPair: boolean;
  /** FOLDERS' project routes, mounted at /local/v1/projects when present. */
  projects?: Parameters<Hono["route"]>[1];
  /** Mail accounts the agent reads itself (IMAP), mounted at /local/v1/mail-accounts when present. */
  mailAccounts?: Parameters<Hono["route"]>[1];
  /** A message's remote images for the reading view (`/suggestions/:id/image`), when present. */
  images?: Parameters<Hono["route"]>[1];
  /** Pairs the agent with the cloud using a code from the PWA; returns the new status. */
  cloudPair?: (code: string) => Promise<unknown>;
  /** Remote address of the request (loopback check for dev-token). */
  remoteAddress?: (c: unknown) => string | undefined;
}

const loopback = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * The agent's loopback API: pairing, then every `/local/v1/*` route behind a bearer token, CORS
 * for the PWA origin and an SSE stream of local events.
 *
 * @example const app = createLocalApi({ ctx, auth, pwaOrigins: ["http://127.0.0.1:5173"], devPair: false })
 */
export function createLocalApi(opts: LocalApiOptions) {
  const { ctx, auth } = opts;
  const app = new Hono();
  app.onError(onLocalError);
  app.use("*", requireLoopbackHost());
  app.use(
    `${LOCAL_API_PREFIX}/*`,
    cors({
      origin: (origin) => (opts.pwaOrigins.includes(origin) ? origin : null),
      allowHeaders: ["authorization", "content-type"],
      allowMethods: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      maxAge: 600,
    }),
  );
  app.use(`${LOCAL_API_PREFIX}/*`, limitBody());
  app.get("/health", (c) => c.json({ ok: true, service: "scouts-agent" }));
  app.post(`${LOCAL_API_PREFIX}/pair`, async (c) => {
    const { code } = parseInput(PairRequest, await c.req.json().catch(() => ({})));
    const r = await auth.redeem(code.trim(), c.req.header("user-agent")?.slice(0, 100) ?? "paired");
    if (r.token === null)
      throw new CoreError(
        "unauthenticated",
        r.reason === "expired"
          ? "this pairing code has expired: run `scouts-agent pair` for a new one"
          : "unknown pairing code: check the digits, or run `scouts-agent pair` for a new one",
        { details: { reason: r.reason } },
      );
    return c.json({ token: r.token });
  });
  app.get(`${LOCAL_API_PREFIX}/dev-token`, async (c) => {
    const remote = opts.remoteAddress?.(c);
    if (!opts.devPair || !remote || !loopback.has(remote))
      throw new CoreError("not_found", "dev pairing is off");
    return c.json({ token: await auth.issue("dev") });
  });
  const api = new Hono();
  api.use("*", requireLocalToken(auth));
  api.get("/events", (c) =>
    streamSSE(c, async (stream) => {
      const queue: string[] = [];
      let wake: (() => void) | null = null;
      const unsubscribe = ctx.bus.subscribe((e) => {
        queue.push(JSON.stringify(e));
        wake?.();
      });
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      await stream.writeSSE({
        event: "status.changed",
        data: JSON.stringify({ type: "status.changed", status: await getStatus(ctx) }),
      });
      while (!stream.aborted) {
        const next = queue.shift();
        if (next) {
          await stream.writeSSE({ event: JSON.parse(next).type, data: next });
          continue;
        }
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, 15_000);
        });
        wake = null;
        if (queue.length === 0 && !stream.aborted) await stream.write(": keep-alive\n\n");
      }
      unsubscribe();
    }),
  );
  api.post("/cloud/pair", async (c) => {
    const { code } = parseInput(CloudPairRequest, await c.req.json().catch(() => ({})));
    if (!opts.cloudPair) throw new CoreError("disabled", "cloud pairing is not available here");
    return c.json(await opts.cloudPair(code));
  });
  // A paired client (the CLI) can mint a code for another one (the PWA).
  api.post("/pairing-codes", (c) => c.json({ code: auth.newCode(), expiresInSeconds: 600 }));
  api.route("/suggestions", suggestionRoutes(ctx));
  if (opts.images) api.route("/", opts.images);
  api.route("/screened", screenedRoutes(ctx));
  api.route("/screener", screenerRoutes(ctx));
  if (opts.projects) api.route("/projects", opts.projects);
  if (opts.mailAccounts) api.route("/mail-accounts", opts.mailAccounts);
  api.route("/", miscRoutes(ctx));
  app.route(LOCAL_API_PREFIX, api);
  return app;
}
export type LocalApi = ReturnType<typeof createLocalApi>;
