import { CoreError } from "@scouts/core/errors";
import { FindQuery, MailAccountId, SyncControlBody } from "@scouts/core/protocol/mail-accounts";
import { Hono } from "hono";
import { listAccountFolders } from "./account-folders.ts";
import { AddImapInput, AddJmapInput, type mailAccountService } from "./accounts.ts";
import { type DiscoverDeps, discoverImap, IMAP_PRESETS, realDiscoverDeps } from "./discover.ts";
import { AccountError } from "./imap-client.ts";
import type { MailWatch } from "./imap-watch.ts";

/** An account error in the API's words: the status says whose side the problem is on. */
function asCoreError(e: unknown): unknown {
  if (!(e instanceof AccountError)) return e;
  const code =
    e.code === "unreachable"
      ? "upstream_unavailable"
      : e.code === "protocol"
        ? "bad_input"
        : "upstream_rejected";
  return new CoreError(code, e.message, { details: { reason: e.code } });
}
/** The account settings a request gave, or a 400 naming each wrong field (the password never echoed). */
function accountInput(raw: unknown): AddImapInput;
function accountInput(raw: unknown, schema: typeof AddJmapInput): AddJmapInput;
function accountInput(
  raw: unknown,
  schema: typeof AddImapInput | typeof AddJmapInput = AddImapInput,
): AddImapInput | AddJmapInput {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({
    path: i.path.map(String).join(".") || "(root)",
    message: i.message,
  }));
  throw new CoreError(
    "bad_input",
    `invalid account: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`,
    {
      details: { issues },
    },
  );
}
/** The pause/resume body: none, or an empty JSON object; anything else is a 400 saying what. */
async function syncControlBody(c: { req: { text(): Promise<string> } }) {
  const text = (await c.req.text()).trim();
  if (text === "") return;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new CoreError("bad_input", "invalid body: not JSON");
  }
  const r = SyncControlBody.safeParse(raw);
  if (!r.success)
    throw new CoreError("bad_input", `invalid body: ${r.error.issues.map((i) => i.message).join("; ")}`);
}
const explained = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (e) {
    throw asCoreError(e);
  }
};

/**
 * `/local/v1/mail-accounts`: what the PWA's "Add account" needs. Presets; a connection test that
 * lists the folders (for the per-folder choice) before anything is saved; add (tested again,
 * then watched at once); each account with its health; test; remove. JMAP accounts under `/jmap`
 * (probe, add: `{ url, user, password }`). `GET /find?email=` finds an address's server (preset,
 * RFC 6186 SRV, the domain's autoconfig; `discover` is injectable for tests). `GET /:id/folders`
 * lists an account's folders with their special use, for "Move to…". Passwords go in, never out.
 */
export function mailAccountRoutes(deps: {
  service: ReturnType<typeof mailAccountService>;
  watch: () => MailWatch | undefined;
  discover?: () => Promise<DiscoverDeps>;
}) {
  const { service } = deps;
  const known = async (raw: string) => {
    const parsed = MailAccountId.safeParse(raw);
    if (!parsed.success)
      throw new CoreError(
        "bad_input",
        `invalid account id: ${parsed.error.issues.map((i) => i.message).join("; ")}`,
      );
    const id = parsed.data;
    if (!(await service.list()).some((a) => a.id === id))
      throw new CoreError("not_found", `no account ${id}`);
    return id;
  };
  const body = async (c: { req: { json(): Promise<unknown> } }) => c.req.json().catch(() => ({}));
  return new Hono()
    .get("/presets", (c) =>
      c.json({ presets: Object.entries(IMAP_PRESETS).map(([name, p]) => ({ name, ...p })) }),
    )
    .get("/find", async (c) => {
      const q = FindQuery.safeParse({ email: c.req.query("email") ?? "" });
      if (!q.success)
        throw new CoreError("bad_input", `invalid email: ${q.error.issues.map((i) => i.message).join("; ")}`);
      const found = await discoverImap(q.data.email, await (deps.discover ?? realDiscoverDeps)());
      return c.json({ found });
    })
    .get("/", async (c) => {
      const health = new Map((deps.watch()?.health() ?? []).map((h) => [h.id, h]));
      const w = deps.watch();
      const accounts = (await service.list()).map((a) => ({
        ...a,
        health: health.get(a.id) ?? null,
        progress: w?.progress(a.id) ?? null,
      }));
      return c.json({ accounts });
    })
    .post("/probe", async (c) => {
      const input = accountInput(await body(c));
      return c.json(await explained(() => service.probe(input)));
    })
    .post("/", async (c) => {
      const input = accountInput(await body(c));
      const account = await explained(() => service.addImap(input));
      await deps.watch()?.refresh();
      return c.json({ account }, 201);
    })
    .post("/jmap/probe", async (c) => {
      const input = accountInput(await body(c), AddJmapInput);
      return c.json(await explained(() => service.probeJmap(input)));
    })
    .post("/jmap", async (c) => {
      const input = accountInput(await body(c), AddJmapInput);
      const account = await explained(() => service.addJmap(input));
      await deps.watch()?.refresh();
      return c.json({ account }, 201);
    })
    .post("/:id/test", async (c) => {
      const id = await known(c.req.param("id"));
      return c.json(await explained(() => service.test(id)));
    })
    .get("/:id/folders", async (c) => {
      const id = await known(c.req.param("id"));
      return c.json({ id, folders: await explained(() => listAccountFolders(service, id)) });
    })
    .post("/:id/pause", async (c) => {
      const id = await known(c.req.param("id"));
      await syncControlBody(c);
      const w = deps.watch();
      if (!w) throw new CoreError("conflict", "the agent is not watching mail accounts yet");
      await w.pause(id);
      return c.json({ id, progress: w.progress(id) });
    })
    .post("/:id/resume", async (c) => {
      const id = await known(c.req.param("id"));
      await syncControlBody(c);
      const w = deps.watch();
      if (!w) throw new CoreError("conflict", "the agent is not watching mail accounts yet");
      await w.resume(id);
      return c.json({ id, progress: w.progress(id) });
    })
    .delete("/:id", async (c) => {
      const id = await known(c.req.param("id"));
      await service.remove(id);
      await deps.watch()?.refresh();
      return c.json({ removed: id });
    });
}
