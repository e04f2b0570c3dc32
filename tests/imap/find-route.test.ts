import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { FindResponse } from "@scouts/core/protocol/mail-accounts";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailAccountService } from "../../local-agent/accounts/accounts.ts";
import type { DiscoverDeps } from "../../local-agent/accounts/discover.ts";
import { mailAccountRoutes } from "../../local-agent/accounts/routes.ts";
import { onLocalError } from "../../local-agent/api/errors.ts";
import { openAgentDb } from "../../local-agent/db/open.ts";

/** DNS answering one SRV record for example.net and nothing else, as `dns.resolveSrv` does. */
const dns: DiscoverDeps = {
  async resolveSrv(name) {
    if (name === "_imaps._tcp.example.net")
      return [{ name: "mail.example.net", port: 993, priority: 0, weight: 1 }];
    throw Object.assign(new Error(`querySrv ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  },
  async getText() {
    return null;
  },
};

/** `GET /local/v1/mail-accounts/find`: the PWA's "Add account" discovery step. */
describe("finding an address's IMAP server through the agent", () => {
  let dir: string;
  let app: Hono;
  let close: () => void;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "scouts-find-route-"));
    const { db, client } = await openAgentDb(`file:${path.join(dir, "agent.db")}`);
    close = () => client.close();
    const routes = mailAccountRoutes({
      service: mailAccountService({ db, home: dir }),
      watch: () => undefined,
      discover: async () => dns,
    });
    app = new Hono().route("/", routes);
    app.onError(onLocalError);
  });
  afterAll(async () => {
    close?.();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  const find = async (email: string) => {
    const res = await app.request(`/find?email=${encodeURIComponent(email)}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("answers a preset, an SRV record, or null when nothing is published", async () => {
    expect(FindResponse.parse((await find("maya@fastmail.com")).body).found).toMatchObject({
      host: "imap.fastmail.com",
      port: 993,
      tls: "on",
      via: "fastmail",
    });
    expect((await find("maya@example.net")).body).toEqual({
      found: { host: "mail.example.net", port: 993, tls: "on", via: "srv" },
    });
    expect((await find("maya@nothing.example")).body).toEqual({ found: null });
  });

  it("refuses what is not an address, and an oversized one, saying why", async () => {
    for (const bad of ["", "no-at-sign", `${"a".repeat(400)}@example.net`]) {
      const r = await find(bad);
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain("invalid email");
    }
  });
});
