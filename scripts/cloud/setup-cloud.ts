/**
 * `npm run setup:cloud -- [--env staging|production] [--dry-run] [--config wrangler.toml]`
 *
 * Creates every Cloudflare resource wrangler.toml names for one environment (D1, queues, R2),
 * writes their ids into the generated `[env.*]` block, stores the secrets the Worker generates
 * for itself (TOKEN_KEYS, SESSION_SECRET) with `wrangler secret bulk`, and applies the D1
 * migrations. Every step looks before it acts, so a second run changes nothing. `--dry-run`
 * only looks (and, logged out, assumes nothing exists) and prints what it would do.
 * `WRANGLER` names the wrangler command (tests point it at a fake).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  ENVIRONMENTS,
  type Environment,
  GENERATED_SECRETS,
  PERSON_SECRETS,
  type Resource,
  readConfig,
  renderConfig,
  resourcesFor,
} from "./environments.ts";

const root = path.join(import.meta.dirname, "..", "..");

interface Options {
  env: Environment;
  dryRun: boolean;
  config: string;
}

export function parseArgs(argv: string[]): Options {
  const opts: Options = { env: "production", dryRun: false, config: path.join(root, "wrangler.toml") };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--dry-run") opts.dryRun = true;
    else if (a === "--env") {
      const v = argv[++i];
      if (!ENVIRONMENTS.includes(v as Environment))
        throw new Error(`--env must be one of ${ENVIRONMENTS.join(", ")}`);
      opts.env = v as Environment;
    } else if (a === "--config") opts.config = path.resolve(argv[++i] ?? "");
    else throw new Error(`unknown argument ${a} (usage: setup:cloud [--env staging|production] [--dry-run])`);
  }
  return opts;
}

interface Run {
  ok: boolean;
  out: string;
}

function wrangler(args: string[], input?: string): Run {
  const cmd = process.env.WRANGLER ?? path.join(root, "node_modules", ".bin", "wrangler");
  const res = spawnSync(cmd, args, {
    input,
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (res.error) throw new Error(`could not run ${cmd}: ${res.error.message}`);
  return { ok: res.status === 0, out: `${res.stdout ?? ""}${res.stderr ?? ""}` };
}

function exists(r: Resource): { exists: boolean; id?: string } {
  if (r.kind === "d1") {
    const res = wrangler(["d1", "info", r.name, "--json"]);
    if (!res.ok) return { exists: false };
    const id = /"uuid"\s*:\s*"([0-9a-f-]{36})"/.exec(res.out)?.[1];
    return { exists: true, ...(id ? { id } : {}) };
  }
  const args = r.kind === "queue" ? ["queues", "info", r.name] : ["r2", "bucket", "info", r.name];
  return { exists: wrangler(args).ok };
}

function create(r: Resource): string | undefined {
  const args =
    r.kind === "d1"
      ? ["d1", "create", r.name]
      : r.kind === "queue"
        ? ["queues", "create", r.name]
        : ["r2", "bucket", "create", r.name];
  const res = wrangler(args);
  if (!res.ok) throw new Error(`wrangler ${args.join(" ")} failed:\n${res.out}`);
  if (r.kind !== "d1") return undefined;
  const id = exists(r).id;
  if (!id) throw new Error(`created D1 ${r.name} but could not read its id`);
  return id;
}

function existingSecrets(env: Environment): Set<string> {
  const res = wrangler(["secret", "list", "--format", "json", "--env", env]);
  if (!res.ok) return new Set();
  const names = [...res.out.matchAll(/"name"\s*:\s*"([A-Z0-9_]+)"/g)].map((m) => m[1]!);
  return new Set(names);
}

const generate: Record<(typeof GENERATED_SECRETS)[number], () => string> = {
  TOKEN_KEYS: () => JSON.stringify({ "1": randomBytes(32).toString("base64") }),
  SESSION_SECRET: () => randomBytes(32).toString("base64url"),
};

export function setupCloud(opts: Options, log: (line: string) => void): number {
  const text = readFileSync(opts.config, "utf8");
  const { top } = readConfig(text);
  const say = (verb: string, what: string) => log(`${opts.dryRun ? "would " : ""}${verb} ${what}`);
  const who = wrangler(["whoami"]);
  const signedIn = who.ok && !/not authenticated/i.test(who.out);
  if (!signedIn && !opts.dryRun) {
    log("not signed in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN) first");
    return 1;
  }
  if (!signedIn) log("not signed in: planning as if nothing exists yet");
  const ids: Record<string, string> = {};
  for (const r of resourcesFor(top, opts.env)) {
    const found = signedIn ? exists(r) : { exists: false };
    if (found.exists) {
      log(`ok      ${r.kind} ${r.name} exists`);
      if (found.id) ids[r.name] = found.id;
      continue;
    }
    say("create", `${r.kind} ${r.name}`);
    if (!opts.dryRun) {
      const id = create(r);
      if (id) ids[r.name] = id;
    }
  }
  const next = renderConfig(text, ids);
  if (next !== text) {
    say("write", `[env.*] sections into ${path.relative(process.cwd(), opts.config) || opts.config}`);
    if (!opts.dryRun) writeFileSync(opts.config, next);
  } else log(`ok      ${opts.config} is up to date`);
  const have = signedIn ? existingSecrets(opts.env) : new Set<string>();
  const missing = GENERATED_SECRETS.filter((s) => !have.has(s));
  if (missing.length === 0) log("ok      generated secrets are set");
  else {
    say("put", `secrets ${missing.join(", ")} (fresh random keys)`);
    if (!opts.dryRun) {
      const body = Object.fromEntries(missing.map((s) => [s, generate[s]()]));
      const res = wrangler(["secret", "bulk", "--env", opts.env], JSON.stringify(body));
      if (!res.ok) throw new Error(`wrangler secret bulk failed:\n${res.out}`);
    }
  }
  for (const s of PERSON_SECRETS.filter((s) => !have.has(s))) {
    log(
      `todo    secret ${s}: npx wrangler secret put ${s} --env ${opts.env} (docs/deploy.md says where it comes from)`,
    );
  }
  for (const r of resourcesFor(top, opts.env).filter((r) => r.kind === "d1")) {
    say("apply", `D1 migrations to ${r.name}`);
    if (!opts.dryRun) {
      const res = wrangler(["d1", "migrations", "apply", r.binding, "--remote", "--env", opts.env], "y\n");
      if (!res.ok) throw new Error(`migrations failed:\n${res.out}`);
    }
  }
  log(opts.dryRun ? "dry run: nothing was changed" : `done: deploy with npm run deploy -- --env ${opts.env}`);
  return 0;
}

if (import.meta.main) {
  try {
    process.exitCode = setupCloud(parseArgs(process.argv.slice(2)), (l) => console.log(l));
  } catch (e) {
    console.error(`setup:cloud: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}
