import { CoreError } from "@scouts/core/errors";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMemoryLogger } from "../shared/logger.ts";
import { callApp, testEnv } from "../test/harness.ts";
import type { AppEnv } from "./context.ts";
import { handleError } from "./errors.ts";
import { provideServices } from "./services.ts";

function appThrowing(err: unknown, logger = createMemoryLogger()) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use(provideServices({ logger }));
  app.get("/boom", () => {
    throw err;
  });
  return { app, logger };
}

describe("app.onError", () => {
  it.each([
    ["bad_input", 400],
    ["unauthenticated", 401],
    ["forbidden", 403],
    ["not_found", 404],
    ["conflict", 409],
    ["needs_reauth", 409],
    ["payload_too_large", 413],
    ["rate_limited", 429],
    ["upstream_rejected", 502],
    ["upstream_unavailable", 503],
    ["disabled", 503],
    ["timeout", 504],
    ["internal", 500],
  ] as const)("maps CoreError %s to %i with a JSON error", async (code, status) => {
    const { app } = appThrowing(new CoreError(code, `it was ${code}`, { details: { k: 1 } }));
    const res = await app.request("/boom", {}, testEnv());
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error: { code, message: `it was ${code}`, details: { k: 1 } } });
  });

  it("passes Retry-After on", async () => {
    const { app } = appThrowing(new CoreError("rate_limited", "slow down", { retryAfterSeconds: 7 }));
    const res = await app.request("/boom", {}, testEnv());
    expect(res.headers.get("retry-after")).toBe("7");
  });

  it("turns a zod failure into 400 naming the paths", async () => {
    const parsed = z.object({ a: z.object({ b: z.number() }) }).safeParse({ a: { b: "x" } });
    const { app } = appThrowing(parsed.error);
    const res = await app.request("/boom", {}, testEnv());
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { issues: { path: string }[] } } };
    expect(body.error.code).toBe("bad_input");
    expect(body.error.details.issues[0]!.path).toBe("a.b");
  });

  it("hides unknown errors: 500, a generic message, and only the error name in the log", async () => {
    const { app, logger } = appThrowing(new Error("token ya29.secret leaked in a message"));
    const res = await app.request("/boom", {}, testEnv());
    expect(res.status).toBe(500);
    expect(await res.text()).not.toContain("ya29");
    expect(JSON.stringify(logger.lines)).not.toContain("ya29");
  });

  it("logs each request with id, method, path and status but never the query string", async () => {
    const logger = createMemoryLogger();
    const res = await callApp(
      { env: testEnv(), options: { logger } },
      "https://scouts.test/health?code=4%2Fsecret-code",
    );
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const line = logger.lines.find((l) => l.event === "request");
    expect(line?.fields).toMatchObject({ method: "GET", path: "/health", status: 200 });
    expect(JSON.stringify(logger.lines)).not.toContain("secret-code");
  });

  it("answers unknown routes with a JSON 404", async () => {
    const res = await callApp({ env: testEnv() }, "https://scouts.test/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: "not_found" } });
  });
});
