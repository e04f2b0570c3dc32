import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { AgentDb } from "../db/open.ts";
import { localTokens } from "../db/schema/index.ts";

const hash = (t: string) => createHash("sha256").update(t).digest("hex");

/**
 * Loopback API credentials: short-lived one-time pairing codes (printed by `scouts-agent pair` and
 * at start) exchanged for bearer tokens whose SHA-256 is stored.
 */
export function createLocalAuth(db: AgentDb, now: () => number) {
  const codes = new Map<string, number>();
  // Guessing a code: after this many wrong tries every outstanding code is void.
  const MAX_FAILURES = 10;
  let failures = 0;
  return {
    /** A new 8-digit code, valid 10 minutes, usable once. */
    newCode(): string {
      const code = String(randomInt(10_000_000, 99_999_999));
      codes.set(code, now() + 10 * 60_000);
      return code;
    },
    /** A token for a live code; otherwise why not ("expired" only for a code that was issued). */
    async redeem(
      code: string,
      label: string,
    ): Promise<{ token: string } | { token: null; reason: "unknown" | "expired" }> {
      for (const [c, exp] of codes) {
        const a = Buffer.from(c);
        const b = Buffer.from(code.padEnd(c.length).slice(0, c.length));
        if (a.length === b.length && timingSafeEqual(a, b) && c === code) {
          codes.delete(c);
          failures = 0;
          return exp > now() ? { token: await this.issue(label) } : { token: null, reason: "expired" };
        }
      }
      if (++failures >= MAX_FAILURES) {
        codes.clear();
        failures = 0;
      }
      return { token: null, reason: "unknown" };
    },
    async issue(label: string): Promise<string> {
      const token = `sla_${randomBytes(32).toString("base64url")}`;
      await db.insert(localTokens).values({ tokenHash: hash(token), label, createdAt: now() });
      return token;
    },
    async verify(token: string): Promise<boolean> {
      const [row] = await db
        .select()
        .from(localTokens)
        .where(eq(localTokens.tokenHash, hash(token)));
      return row !== undefined;
    },
  };
}
export type LocalAuth = ReturnType<typeof createLocalAuth>;

/**
 * Refuses requests whose Host is not a loopback name, so a web page that rebinds its DNS name to
 * 127.0.0.1 cannot reach the API as same-origin.
 */
export function requireLoopbackHost(): MiddlewareHandler {
  return async function requireLoopbackHostMiddleware(c, next) {
    const host = (c.req.header("host") ?? new URL(c.req.url).host).toLowerCase();
    const name = host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
    if (!["127.0.0.1", "localhost", "[::1]"].includes(name ?? ""))
      return c.json({ error: { code: "forbidden", message: "the agent answers only on 127.0.0.1" } }, 403);
    await next();
  };
}

/** Requires `Authorization: Bearer <local token>`; tokens in query strings are refused. */
export function requireLocalToken(auth: LocalAuth): MiddlewareHandler {
  return async function requireLocalTokenMiddleware(c, next) {
    if (c.req.method === "OPTIONS") return next();
    const header = c.req.header("authorization") ?? "";
    const token = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!token || !(await auth.verify(token)))
      return c.json(
        { error: { code: "unauthenticated", message: "pair first: Authorization: Bearer <local token>" } },
        401,
      );
    await next();
  };
}
