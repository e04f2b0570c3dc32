import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type Env, readConfig } from "./env.ts";

const base = (vars: Record<string, unknown> = {}): Env => ({
  ...(env as unknown as Env),
  SCOUTS_ENV: "test",
  ...vars,
});
const KEY = btoa(String.fromCharCode(...new Uint8Array(32).fill(1)));

describe("readConfig", () => {
  it("fills provider URLs with their documented defaults and leaves secrets unset", () => {
    const c = readConfig(
      base({
        SCOUTS_ENV: "production",
        SCOUTS_DEV_MODE: undefined,
        TOKEN_KEYS: undefined,
        SESSION_SECRET: undefined,
      }),
    );
    expect(c).toMatchObject({
      SCOUTS_ENV: "production",
      SCOUTS_DEV_MODE: false,
      GOOGLE_AUTH_URL: "https://accounts.google.com/o/oauth2/v2/auth",
      GOOGLE_TOKEN_URL: "https://oauth2.googleapis.com/token",
      GMAIL_API_BASE: "https://gmail.googleapis.com",
      GOOGLE_JWKS_URL: "https://www.googleapis.com/oauth2/v3/certs",
      SLACK_API_BASE: "https://slack.com/api",
    });
    expect(c.TOKEN_KEYS).toBeUndefined();
    expect(c.GOOGLE_CLIENT_SECRET).toBeUndefined();
  });

  it("parses once per env object (once per isolate in the Worker)", () => {
    const e = base();
    expect(readConfig(e)).toBe(readConfig(e));
  });

  it("treats empty vars as unset", () => {
    expect(readConfig(base({ PUBSUB_AUDIENCE: "", GOOGLE_TOKEN_URL: "" })).GOOGLE_TOKEN_URL).toBe(
      "https://oauth2.googleapis.com/token",
    );
  });

  it.each([
    [{ TOKEN_KEYS: "not json" }, "TOKEN_KEYS"],
    [{ TOKEN_KEYS: JSON.stringify({ "1": btoa("short") }) }, "TOKEN_KEYS"],
    [{ TOKEN_KEYS: JSON.stringify({ zero: KEY }) }, "TOKEN_KEYS"],
    [{ TOKEN_KEYS: "{}" }, "TOKEN_KEYS"],
    [{ SESSION_SECRET: "too-short" }, "SESSION_SECRET"],
    [{ SCOUTS_ENV: "staging" }, "SCOUTS_ENV"],
    [{ SCOUTS_DEV_MODE: "yes" }, "SCOUTS_DEV_MODE"],
    [{ GOOGLE_TOKEN_URL: "not a url" }, "GOOGLE_TOKEN_URL"],
    [{ PUBSUB_SERVICE_ACCOUNT: "nobody" }, "PUBSUB_SERVICE_ACCOUNT"],
    [{ GMAIL_PUBSUB_TOPIC: "gmail-topic" }, "GMAIL_PUBSUB_TOPIC"],
  ])("fails loudly on %j, naming %s", (vars, name) => {
    expect(() => readConfig(base(vars))).toThrow(new RegExp(`invalid Worker configuration: .*${name}`));
  });

  it("accepts several key versions", () => {
    const c = readConfig(base({ TOKEN_KEYS: JSON.stringify({ "1": KEY, "2": KEY }) }));
    expect(Object.keys(c.TOKEN_KEYS ?? {})).toEqual(["1", "2"]);
  });
});
