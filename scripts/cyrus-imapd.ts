/**
 * Cyrus' IMAP server for the tests without installing it: Debian's cyrus-imapd conflicts with
 * dovecot-imapd (both provide imap-server), so its package is fetched with `apt-get download` from
 * the mirror apt already uses (hash-checked against the signed index) and unpacked into a cache
 * directory. Its imapd and idled link only against libraries cyrus-common brings.
 *
 * @example if (!cyrusImapd()) fetchCyrusImapd(); startCyrus({ users, imap: true });
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The installed cyrus-common's version: cyrus-imapd must be the same build. */
function cyrusCommonVersion(): string | null {
  // dpkg-query's own field syntax, not a template.
  const r = spawnSync("dpkg-query", ["-W", `-f=\${Version}`, "cyrus-common"], { encoding: "utf8" });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
}

/**
 * Where cyrus-imapd of the installed cyrus-common's version is (or goes) unpacked. Readable by the
 * `cyrus` user Cyrus drops to when started as root, hence /var/cache rather than root's home.
 */
export function cyrusImapdDir(): string | null {
  const version = cyrusCommonVersion();
  if (!version) return null;
  const base =
    process.env.SCOUTS_CACHE_DIR ||
    (process.getuid?.() === 0 ? "/var/cache/scouts" : path.join(os.homedir(), ".cache", "scouts"));
  return path.join(base, `cyrus-imapd-${version.replace(/[^\w.+-]/g, "_")}`);
}

/** The unpacked imapd, or null when it has not been fetched (or cyrus-common is missing). */
export function cyrusImapd(): string | null {
  const dir = cyrusImapdDir();
  const bin = dir && path.join(dir, "usr", "lib", "cyrus", "bin", "imapd");
  return bin && existsSync(bin) ? bin : null;
}

/**
 * Downloads cyrus-imapd (the installed cyrus-common's version) and unpacks it into
 * `cyrusImapdDir()`; an error names the step that failed. Safe when several runs race: each
 * unpacks into its own directory and renames it into place.
 */
export function fetchCyrusImapd(): string {
  const version = cyrusCommonVersion();
  const dir = cyrusImapdDir();
  if (!version || !dir) throw new Error("cyrus-common is not installed: apt-get install cyrus-common");
  const found = cyrusImapd();
  if (found) return found;
  mkdirSync(path.dirname(dir), { recursive: true, mode: 0o755 });
  const work = mkdtempSync(`${dir}.part-`);
  try {
    const dl = spawnSync("apt-get", ["download", "-qq", `cyrus-imapd=${version}`], {
      cwd: work,
      encoding: "utf8",
    });
    const deb = readdirSync(work).find((f) => f.endsWith(".deb"));
    if (dl.status !== 0 || !deb)
      throw new Error(`apt-get download cyrus-imapd=${version} failed: ${dl.stderr.trim()}`);
    const out = path.join(work, "root");
    const x = spawnSync("dpkg-deb", ["-x", path.join(work, deb), out], { encoding: "utf8" });
    if (x.status !== 0) throw new Error(`dpkg-deb -x ${deb} failed: ${x.stderr.trim()}`);
    try {
      renameSync(out, dir);
    } catch (e) {
      // Another run put it in place first.
      if (!existsSync(dir)) throw e;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const bin = cyrusImapd();
  if (!bin) throw new Error(`cyrus-imapd ${version} has no usr/lib/cyrus/bin/imapd`);
  return bin;
}

if (import.meta.main) console.log(fetchCyrusImapd());
