/**
 * Runs before `npm test`: what the suite needs from outside npm, set up or named in one line.
 * Chromium for the browser tests, Dovecot for the IMAP tests and Cyrus' mail store with JMAP (its
 * httpd ships in cyrus-caldav) for the JMAP tests come from Debian; as root with
 * apt-get this installs them, otherwise the run stops before any test with the command to run.
 * Cyrus' imapd (cyrus-imapd conflicts with Dovecot) is downloaded from the same mirror and unpacked
 * into a cache directory, never installed.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { cyrusImapd, fetchCyrusImapd } from "./cyrus-imapd.ts";

/** The browser the tests drive: SCOUTS_CHROMIUM when set, else Debian's. */
export const chromiumPath = () => process.env.SCOUTS_CHROMIUM || "/usr/bin/chromium";

const onPath = (cmd: string) =>
  spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;

interface Need {
  what: string;
  present: () => boolean;
  apt: string[];
  /** Not installed but fetched (after the apt packages are in); `command` does it by hand. */
  fetch?: { run: () => void; command: string };
}

const needs: Need[] = [
  { what: "Chromium (browser tests)", present: () => existsSync(chromiumPath()), apt: ["chromium"] },
  {
    what: "Dovecot (IMAP tests)",
    // dovecot-core alone has the master but no imap service (left behind when dovecot-imapd is removed).
    present: () => existsSync("/usr/sbin/dovecot") && existsSync("/usr/lib/dovecot/imap"),
    apt: ["dovecot-imapd"],
  },
  {
    // Not cyrus-imapd: it conflicts with dovecot-imapd (both provide imap-server), so apt would remove Dovecot.
    what: "Cyrus with JMAP (JMAP tests)",
    present: () =>
      existsSync("/usr/sbin/cyrmaster") &&
      existsSync("/usr/lib/cyrus/bin/httpd") &&
      existsSync("/usr/lib/cyrus/bin/lmtpd") &&
      onPath("saslpasswd2"),
    apt: ["cyrus-common", "cyrus-caldav", "sasl2-bin"],
  },
  {
    what: "Cyrus' imapd (Cyrus IMAP tests)",
    present: () => cyrusImapd() !== null,
    apt: [],
    fetch: { run: fetchCyrusImapd, command: "node_modules/.bin/node scripts/cyrus-imapd.ts" },
  },
  { what: "OpenSSL (test certificates)", present: () => onPath("openssl"), apt: ["openssl"] },
  {
    what: "secret-tool and GNOME Keyring (the agent's key in the Linux Secret Service)",
    present: () => onPath("secret-tool") && onPath("gnome-keyring-daemon") && onPath("dbus-daemon"),
    apt: ["libsecret-tools", "gnome-keyring", "dbus"],
  },
];

function aptInstall(packages: string[]): boolean {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = spawnSync("apt-get", ["update", "-qq"], { env, stdio: "inherit" });
  if (update.status !== 0) return false;
  return spawnSync("apt-get", ["install", "-y", "-qq", ...packages], { env, stdio: "inherit" }).status === 0;
}

if (import.meta.main) {
  const missing = needs.filter((n) => !n.present()).flatMap((n) => n.apt);
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0;
  if (missing.length > 0 && isRoot && hasApt) {
    console.log(`pretest: installing ${missing.join(" ")} with apt-get`);
    aptInstall(missing);
  }
  for (const n of needs.filter((n) => n.fetch && !n.present())) {
    try {
      n.fetch?.run();
    } catch (e) {
      console.error(`pretest: ${n.what}: ${(e as Error).message}`);
    }
  }
  const still = needs.filter((n) => !n.present());
  if (still.length > 0) {
    const pkgs = still.flatMap((n) => n.apt).join(" ");
    const fetches = still.flatMap((n) => (n.fetch ? [n.fetch.command] : []));
    const steps = [
      ...(pkgs ? [`\`sudo apt-get install -y ${pkgs}\` (or set SCOUTS_CHROMIUM to a Chromium binary)`] : []),
      ...fetches.map((f) => `\`${f}\``),
    ];
    console.error(
      `npm test needs ${still.map((n) => n.what).join(", ")}: run ${steps.join(", then ")}, then npm test again`,
    );
    process.exit(1);
  }
}
