import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { BLOCK_START, readConfig, renderConfig, resourcesFor } from "./environments.ts";

const root = path.join(import.meta.dirname, "..", "..");
const node = process.execPath;

/**
 * A fake `wrangler` that keeps Cloudflare's side in a JSON file: the resources that exist, the
 * secrets per environment, and every call made (so a test can see what a run changed).
 */
const FAKE = `
const fs = require("node:fs");
const file = process.env.FAKE_CF;
const st = JSON.parse(fs.readFileSync(file, "utf8"));
const a = process.argv.slice(2);
st.calls.push(a.join(" "));
const done = (code, out) => { fs.writeFileSync(file, JSON.stringify(st)); if (out) process.stdout.write(out); process.exit(code); };
const stdin = () => { try { return fs.readFileSync(0, "utf8"); } catch { return ""; } };
if (a[0] === "whoami") done(0, st.signedIn ? "You are logged in" : "You are not authenticated. Please run wrangler login.");
if (!st.signedIn) done(1, "not authenticated");
const key = (k, n) => k + ":" + n;
if (a[0] === "d1" && a[1] === "info") done(st.have[key("d1", a[2])] ? 0 : 1, st.have[key("d1", a[2])] ? JSON.stringify({ uuid: st.have[key("d1", a[2])] }) : "not found");
if (a[0] === "d1" && a[1] === "create") { st.have[key("d1", a[2])] = "0000000" + st.calls.length + "-1111-2222-3333-444444444444".slice(0, 28); done(0, "created"); }
if (a[0] === "queues" && a[1] === "info") done(st.have[key("queue", a[2])] ? 0 : 1);
if (a[0] === "queues" && a[1] === "create") { st.have[key("queue", a[2])] = true; done(0); }
if (a[0] === "r2" && a[2] === "info") done(st.have[key("r2", a[3])] ? 0 : 1);
if (a[0] === "r2" && a[2] === "create") { st.have[key("r2", a[3])] = true; done(0); }
if (a[0] === "secret" && a[1] === "list") done(0, JSON.stringify((st.secrets[a.at(-1)] || []).map((name) => ({ name, type: "secret_text" }))));
if (a[0] === "secret" && a[1] === "bulk") { const body = JSON.parse(stdin()); const env = a.at(-1); st.secrets[env] = [...(st.secrets[env] || []), ...Object.keys(body)]; st.values = { ...st.values, ...body }; done(0); }
if (a[0] === "d1" && a[1] === "migrations") done(0, "applied");
done(2, "fake wrangler: unexpected " + a.join(" "));
`;

function sandbox(signedIn: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), "setup-cloud-"));
  const bin = path.join(dir, "wrangler");
  writeFileSync(bin, `#!${node}\n${FAKE}`);
  chmodSync(bin, 0o755);
  const state = path.join(dir, "cf.json");
  writeFileSync(state, JSON.stringify({ signedIn, have: {}, secrets: {}, calls: [] }));
  const config = path.join(dir, "wrangler.toml");
  copyFileSync(path.join(root, "wrangler.toml"), config);
  const run = (...args: string[]) =>
    spawnSync(node, [path.join(root, "scripts/cloud/setup-cloud.ts"), "--config", config, ...args], {
      encoding: "utf8",
      env: { ...process.env, WRANGLER: bin, FAKE_CF: state },
    });
  const cf = () =>
    JSON.parse(readFileSync(state, "utf8")) as { calls: string[]; values: Record<string, string> };
  return { config, run, cf };
}

const mutating = (calls: string[]) =>
  calls.filter(
    (c) => / create |^d1 create|secret bulk|migrations apply/.test(c) || c.startsWith("r2 bucket create"),
  );

describe("npm run setup:cloud", () => {
  it("--dry-run while signed out prints the whole plan and changes nothing", () => {
    const s = sandbox(false);
    const before = readFileSync(s.config, "utf8");
    const res = s.run("--dry-run", "--env", "staging");
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain("would create d1 scouts-staging");
    expect(res.stdout).toContain("would create queue scouts-jobs-staging");
    expect(res.stdout).toContain("would create queue scouts-dlq-staging");
    expect(res.stdout).toContain("would create r2 scouts-artifacts-staging");
    expect(res.stdout).toContain("would put secrets TOKEN_KEYS, SESSION_SECRET");
    expect(res.stdout).toContain("would apply D1 migrations to scouts-staging");
    expect(res.stdout).toContain("todo    secret SLACK_SIGNING_SECRET");
    expect(readFileSync(s.config, "utf8")).toBe(before);
    expect(mutating(s.cf().calls)).toEqual([]);
  });

  it("refuses to change anything when signed out", () => {
    const s = sandbox(false);
    const res = s.run("--env", "production");
    expect(res.status).toBe(1);
    expect(res.stdout).toContain("wrangler login");
    expect(mutating(s.cf().calls)).toEqual([]);
  });

  it("creates what is missing, writes the ids, and a second run changes nothing", () => {
    const s = sandbox(true);
    const first = s.run("--env", "production");
    expect(first.status, first.stdout + first.stderr).toBe(0);
    const created = mutating(s.cf().calls);
    expect(created).toContain("d1 create scouts-production");
    expect(created).toContain("queues create scouts-automation-long-production");
    expect(created.filter((c) => c.startsWith("secret bulk"))).toHaveLength(1);
    const keys = JSON.parse(s.cf().values.TOKEN_KEYS!) as Record<string, string>;
    expect(Buffer.from(keys["1"]!, "base64")).toHaveLength(32);

    const written = parse(readFileSync(s.config, "utf8")) as {
      env: Record<string, { d1_databases: { database_id: string }[]; vars: Record<string, string> }>;
    };
    expect(written.env.production!.d1_databases[0]!.database_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(written.env.production!.vars.SCOUTS_DEV_MODE).toBe("false");

    const callsBefore = s.cf().calls.length;
    const text = readFileSync(s.config, "utf8");
    const second = s.run("--env", "production");
    expect(second.status).toBe(0);
    const again = mutating(s.cf().calls.slice(callsBefore)).filter((c) => !c.includes("migrations apply"));
    expect(again).toEqual([]);
    expect(readFileSync(s.config, "utf8")).toBe(text);
    expect(second.stdout).toContain("ok      generated secrets are set");
  });
});

describe("npm run setup:cloud -- --dry-run with the real wrangler", () => {
  // Never against a real account: only when this machine holds no Cloudflare credentials.
  it.skipIf(Boolean(process.env.CLOUDFLARE_API_TOKEN))(
    "plans every resource, signed out, and changes nothing",
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), "setup-cloud-real-"));
      const config = path.join(dir, "wrangler.toml");
      copyFileSync(path.join(root, "wrangler.toml"), config);
      const before = readFileSync(config, "utf8");
      const res = spawnSync(
        node,
        [path.join(root, "scripts/cloud/setup-cloud.ts"), "--dry-run", "--config", config],
        {
          encoding: "utf8",
          env: {
            ...process.env,
            WRANGLER: path.join(root, "node_modules", ".bin", "wrangler"),
            XDG_CONFIG_HOME: dir,
          },
        },
      );
      expect(res.status, res.stderr).toBe(0);
      expect(res.stdout).toContain("not signed in: planning as if nothing exists yet");
      expect(res.stdout).toContain("would create d1 scouts-production");
      expect(res.stdout).toContain("dry run: nothing was changed");
      expect(readFileSync(config, "utf8")).toBe(before);
    },
  );
});

describe("the generated environments", () => {
  const text = readFileSync(path.join(root, "wrangler.toml"), "utf8");
  const { top } = readConfig(text);

  it("repeat every top-level binding with the environment's own resource names", () => {
    const out = parse(renderConfig(text)) as { env: Record<string, Record<string, unknown>> };
    for (const env of ["staging", "production"] as const) {
      const e = out.env[env]!;
      const names = JSON.stringify(e);
      for (const r of resourcesFor(top, env)) expect(names).toContain(`"${r.name}"`);
      expect(JSON.stringify(e.durable_objects)).toBe(JSON.stringify(top.durable_objects));
      expect((e.vars as Record<string, string>).SCOUTS_ENV).toBe("production");
    }
  });

  it("in the committed wrangler.toml are what the generator makes of its top level (no drift)", () => {
    expect(text).toContain(BLOCK_START);
    expect(renderConfig(text)).toBe(text);
  });
});
