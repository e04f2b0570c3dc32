import { resolveMx } from "node:dns/promises";
import { readdir, readFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import type { DiscoveredAccount } from "@scouts/core/protocol/local-api";

type Evidence = { source: string; detail: string };
const emailRe = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

async function readText(file: string): Promise<string | null> {
  return readFile(file, "utf8").catch(() => null);
}

async function thunderbird(home: string, add: (a: string, e: Evidence) => void): Promise<void> {
  for (const root of [
    path.join(home, ".thunderbird"),
    path.join(home, "Library", "Thunderbird", "Profiles"),
  ]) {
    const profiles = await readdir(root).catch(() => [] as string[]);
    for (const p of profiles) {
      const prefs = await readText(path.join(root, p, "prefs.js"));
      for (const m of prefs?.matchAll(/user_pref\("mail\.identity\.[^"]+\.useremail",\s*"([^"]+)"\)/g) ?? [])
        if (m[1]) add(m[1], { source: "thunderbird", detail: `profile ${p}` });
    }
  }
}

/** Provider from the domain; only the MX lookup leaves the device. */
export async function inferProvider(
  domain: string,
  mx: (d: string) => Promise<{ exchange: string }[]>,
): Promise<{ provider: DiscoveredAccount["provider"]; evidence: Evidence }> {
  const d = domain.toLowerCase();
  if (d === "gmail.com" || d === "googlemail.com")
    return { provider: "gmail", evidence: { source: "domain", detail: d } };
  if (/^(outlook|hotmail|live|msn)\.[a-z.]+$/.test(d))
    return { provider: "outlook", evidence: { source: "domain", detail: d } };
  try {
    const records = await mx(d);
    const hosts = records.map((r) => r.exchange.toLowerCase());
    if (hosts.some((h) => h.endsWith("google.com") || h.endsWith("googlemail.com")))
      return { provider: "google_workspace", evidence: { source: "mx", detail: hosts.join(", ") } };
    if (hosts.some((h) => h.endsWith("outlook.com")))
      return { provider: "outlook", evidence: { source: "mx", detail: hosts.join(", ") } };
    return { provider: "other", evidence: { source: "mx", detail: hosts.join(", ") || "no MX records" } };
  } catch {
    return { provider: "unknown", evidence: { source: "mx", detail: "lookup failed" } };
  }
}

/**
 * "Find my accounts": Thunderbird profiles, git user.email, environment variables and the
 * default mail handler, each address with its evidence and inferred provider.
 *
 * @example await discoverAccounts({ env: process.env })
 */
export async function discoverAccounts(args: {
  env: Record<string, string | undefined>;
  home?: string;
  mx?: (d: string) => Promise<{ exchange: string }[]>;
}): Promise<{ accounts: DiscoveredAccount[] }> {
  const home = args.home ?? homedir();
  const found = new Map<string, Evidence[]>();
  const add = (address: string, e: Evidence) => {
    const a = address.toLowerCase();
    found.set(a, [...(found.get(a) ?? []), e]);
  };
  await thunderbird(home, add);
  const gitconfig = (await readText(path.join(home, ".gitconfig"))) ?? "";
  const gitEmail = /\[user\][^[]*?email\s*=\s*(\S+@\S+)/i.exec(gitconfig)?.[1];
  if (gitEmail) add(gitEmail, { source: "git", detail: "~/.gitconfig user.email" });
  for (const name of ["EMAIL", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL", "DEBEMAIL", "MAILADDR"]) {
    for (const m of args.env[name]?.match(emailRe) ?? []) add(m, { source: "env", detail: name });
  }
  const mime = await readText(path.join(home, ".config", "mimeapps.list"));
  const handler = mime ? /x-scheme-handler\/mailto=([^\n;]+)/.exec(mime)?.[1] : undefined;
  const accounts: DiscoveredAccount[] = [];
  for (const [address, evidence] of found) {
    const { provider, evidence: pe } = await inferProvider(address.split("@")[1] ?? "", args.mx ?? resolveMx);
    accounts.push({
      address,
      provider,
      evidence: [...evidence, pe, ...(handler ? [{ source: "mail handler", detail: handler }] : [])],
    });
  }
  return { accounts };
}
