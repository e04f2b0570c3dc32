import type { Suggestion } from "@scouts/core/protocol/local-api";
import { agentHome } from "../cli/client.ts";
import type { CliIo } from "../cli/registry.ts";
import { AddImapInput, AddJmapInput, openOfflineAgent } from "./accounts.ts";
import { discoverImap, IMAP_PRESETS, isImapPreset, realDiscoverDeps } from "./discover.ts";
import { AccountError } from "./imap-client.ts";
import { OAUTH_TOKEN_URLS } from "./oauth-refresh.ts";

export const ACCOUNTS_USAGE = [
  "accounts [discover]                 find my accounts (only an MX lookup leaves the device)",
  "accounts add imap (--preset fastmail|icloud|proton-bridge|outlook|yahoo|gmail | --host H --port P --tls on|starttls|off) --user U (--password-stdin | --access-token-stdin) [--folders INBOX,Lists] [--pin SHA256]",
  "  (with neither --preset nor --host, the server is found from the address in --user: presets, DNS SRV, the domain's autoconfig)",
  "  OAuth2 with refresh: --access-token-stdin --oauth-client-id ID [--oauth-token-url URL] and standard input holding the access token, the refresh token and (if the app has one) the client secret, one a line (outlook and gmail presets know their token URL)",
  "accounts add jmap --url URL --user U --password-stdin [--label L]   (URL: the JMAP session URL or the server's https origin)",
  "accounts find EMAIL                 where that address's IMAP server is (one JSON line)",
  "accounts list | test ID | sync ID | remove ID",
].join("\n  ");

function options(args: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("--")) throw new AccountError("protocol", `unexpected ${a}`);
    const next = args[i + 1];
    if (next !== undefined && !next.startsWith("--")) {
      out[a.slice(2)] = next;
      i++;
    } else out[a.slice(2)] = true;
  }
  return out;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

/**
 * `scouts-agent accounts add|list|test|sync|remove`: work on the agent's own store, whether or not
 * the agent runs. Passwords come on standard input only (never argv, which other users can see).
 */
export async function runAccountsCli(
  args: string[],
  io: CliIo,
  stdin: () => Promise<string> = readStdin,
): Promise<number> {
  const [verb, ...rest] = args;
  const home = await agentHome(io.env);
  const agent = await openOfflineAgent(home, verb === "sync" ? {} : { stage2: null });
  try {
    if (verb === "add") {
      const [kind, ...flagArgs] = rest;
      if (kind !== "imap" && kind !== "jmap") {
        io.stderr.write(`accounts add: ${kind ?? "(none)"} is not supported (imap, jmap)\n`);
        return 2;
      }
      const f = options(flagArgs);
      if (kind === "jmap") return await addJmap(f);
      const token = f["access-token-stdin"] === true;
      if (f["password-stdin"] !== true && !token) {
        io.stderr.write(
          "accounts add imap: give the password on standard input with --password-stdin (or an OAuth2 access token with --access-token-stdin)\n",
        );
        return 2;
      }
      let found: { host: string; port: number; tls: string; note?: string; via: string } | null = null;
      if (typeof f.preset === "string") {
        if (!isImapPreset(f.preset)) {
          io.stderr.write(
            `accounts add imap: no preset ${f.preset} (${Object.keys(IMAP_PRESETS).join(", ")})\n`,
          );
          return 2;
        }
        found = { ...IMAP_PRESETS[f.preset], via: f.preset };
      } else if (f.host === undefined && typeof f.user === "string" && f.user.includes("@")) {
        found = await discoverImap(f.user, await realDiscoverDeps());
        if (!found) {
          io.stderr.write(
            `accounts add imap: found no IMAP server for ${f.user}: give --host, --port and --tls\n`,
          );
          return 1;
        }
      }
      if (found) {
        io.stderr.write(
          `${found.host}:${found.port} (${found.tls}, ${found.via})${found.note ? `: ${found.note}` : ""}\n`,
        );
      }
      const input = await stdin();
      const clientId = f["oauth-client-id"];
      let oauth: Record<string, string> | undefined;
      if (typeof clientId === "string") {
        const [, refreshToken, clientSecret] = input.split(/\r?\n/);
        const preset = typeof f.preset === "string" ? f.preset : "";
        const tokenUrl =
          typeof f["oauth-token-url"] === "string"
            ? f["oauth-token-url"]
            : (OAUTH_TOKEN_URLS as Record<string, string>)[preset];
        if (!token || !refreshToken || !tokenUrl) {
          io.stderr.write(
            "accounts add imap: --oauth-client-id goes with --access-token-stdin, the refresh token on the second line of standard input, and --oauth-token-url (or --preset outlook|gmail)\n",
          );
          return 2;
        }
        oauth = { tokenUrl, clientId, refreshToken, ...(clientSecret ? { clientSecret } : {}) };
      }
      const parsed = AddImapInput.safeParse({
        host: f.host ?? found?.host,
        port: f.port ?? found?.port,
        user: f.user,
        password: oauth ? input.split(/\r?\n/)[0] : input,
        ...(oauth ? { oauth } : {}),
        tls: f.tls ?? found?.tls,
        auth: token ? "xoauth2" : "password",
        folders: typeof f.folders === "string" ? f.folders.split(",").map((s) => s.trim()) : undefined,
        pinSha256: typeof f.pin === "string" ? f.pin.replace(/:/g, "") : null,
        ...(typeof f.label === "string" ? { label: f.label } : {}),
      });
      if (!parsed.success) {
        io.stderr.write(
          `accounts add imap: ${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}\n`,
        );
        return 2;
      }
      const acc = await agent.accounts.addImap(parsed.data);
      io.stdout.write(`${acc.id}\n`);
      return 0;
    }
    async function addJmap(f: Record<string, string | true>): Promise<number> {
      if (f["password-stdin"] !== true) {
        io.stderr.write(
          "accounts add jmap: give the password (or app password) on standard input with --password-stdin\n",
        );
        return 2;
      }
      const parsed = AddJmapInput.safeParse({
        url: f.url,
        user: f.user,
        password: await stdin(),
        ...(typeof f.label === "string" ? { label: f.label } : {}),
      });
      if (!parsed.success) {
        io.stderr.write(
          `accounts add jmap: ${parsed.error.issues.map((i) => `--${i.path.join(".")}: ${i.message}`).join("; ")}\n`,
        );
        return 2;
      }
      const acc = await agent.accounts.addJmap(parsed.data);
      io.stdout.write(`${acc.id}\n`);
      return 0;
    }
    if (verb === "find") {
      const email = rest[0] ?? "";
      const found = await discoverImap(email, await realDiscoverDeps());
      if (!found) {
        io.stderr.write(`accounts find: no IMAP server found for ${email || "(no address)"}\n`);
        return 1;
      }
      io.stdout.write(`${JSON.stringify(found)}\n`);
      return 0;
    }
    if (verb === "list") {
      for (const a of await agent.accounts.list()) io.stdout.write(`${JSON.stringify(a)}\n`);
      return 0;
    }
    const id = rest[0];
    if (!id || !["test", "sync", "remove"].includes(verb ?? "")) {
      io.stderr.write(`usage:\n  ${ACCOUNTS_USAGE}\n`);
      return 2;
    }
    if (verb === "remove") {
      await agent.accounts.remove(id);
      io.stdout.write(`removed ${id} (its suggestions stay)\n`);
      return 0;
    }
    if (verb === "test") {
      const r = await agent.accounts.test(id);
      io.stdout.write(`ok: ${r.folders.map((f) => `${f.name} ${f.messages}`).join(", ")}\n`);
      return 0;
    }
    if ((await agent.ctx.stores.settings.control()).killed) {
      io.stderr.write(
        "accounts sync: the kill switch is on, so no mail is read (scouts-agent resume lifts it)\n",
      );
      return 1;
    }
    const counts = await agent.accounts.sync(agent.ctx, id, (p) => {
      if (io.stderr.isTTY) io.stderr.write(`\r${p.folder}: ${p.done}/${p.total}`);
    });
    // "screened": what stage 1 set aside as spam (kept out of suggestions, counted so nothing vanishes unseen).
    io.stdout.write(
      `${JSON.stringify({ seen: counts.seen, new: counts.new, suggestions: counts.suggestions, screened: counts.spam })}\n`,
    );
    return 0;
  } catch (e) {
    if (e instanceof AccountError) {
      io.stderr.write(`accounts ${verb}: ${e.message}\n`);
      return 1;
    }
    throw e;
  } finally {
    agent.close();
  }
}

/** One JSON object per line, for scripts: `suggestions --json`. */
export function suggestionJson(s: Suggestion): string {
  return JSON.stringify({
    id: s.id,
    source: s.source,
    bucket: s.bucket,
    speech_act: s.speechAct,
    category: s.category,
    status: s.status,
    from: s.from,
    subject: s.subject,
  });
}

/** `suggestions --json` straight from the store, for when the agent is not running. */
export async function offlineSuggestions(io: CliIo, limit: number): Promise<Suggestion[]> {
  const agent = await openOfflineAgent(await agentHome(io.env), { stage2: null });
  try {
    return (await agent.ctx.stores.suggestions.all()).slice(0, limit);
  } finally {
    agent.close();
  }
}
