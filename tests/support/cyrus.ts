import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./processes.ts";

export const CYRMASTER = "/usr/sbin/cyrmaster";
/** JMAP needs Cyrus' httpd, which Debian ships in cyrus-caldav. */
export const hasCyrus = () => existsSync(CYRMASTER) && existsSync("/usr/lib/cyrus/bin/httpd");

/**
 * A real Cyrus IMAP server (Debian's 3.6, with JMAP on its httpd) on loopback for one test file:
 * its own imapd.conf/cyrus.conf, spool and sasldb users with plain passwords. Debian's build has
 * no WebSocket library, so Cyrus answers the JMAP EventSource URL with 204 (no push): clients
 * poll `Email/changes`. `client(user)` is "another mail client" over IMAP.
 *
 * @example const cy = await startCyrus({ users: { ana: "secret" } }); await cy.deliver("ana", raw);
 */
export async function startCyrus(opts: { users: Record<string, string> }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "scouts-cyrus-"));
  chmodSync(dir, 0o755);
  const [imapPort, httpPort] = [await freePort(), await freePort()];
  const asRoot = process.getuid?.() === 0;
  for (const d of ["conf", "conf/socket", "spool"]) mkdirSync(path.join(dir, d));
  const sasldb = path.join(dir, "sasldb2");
  const setPassword = (user: string, password: string) => {
    const r = spawnSync("saslpasswd2", ["-p", "-c", "-f", sasldb, user], {
      input: password,
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`saslpasswd2 failed: ${r.stderr}`);
    if (asRoot) chownAll(dir);
  };
  const conf = path.join(dir, "imapd.conf");
  writeFileSync(
    conf,
    `configdirectory: ${dir}/conf
partition-default: ${dir}/spool
defaultpartition: default
sasl_pwcheck_method: auxprop
sasl_auxprop_plugin: sasldb
sasl_sasldb_path: ${sasldb}
sasl_mech_list: PLAIN LOGIN
allowplaintext: yes
httpmodules: jmap
conversations: yes
conversations_db: twoskip
autocreate_quota: 0
autocreate_inbox_folders: Archive | Junk | Trash | Sent
xlist-Archive: Archive
xlist-Junk: Junk
xlist-Trash: Trash
xlist-Sent: Sent
unixhierarchysep: yes
altnamespace: yes
imapidlepoll: 1
syslog_prefix: scouts-cyrus-test
lmtpsocket: ${dir}/conf/socket/lmtp
idlesocket: ${dir}/conf/socket/idle
notifysocket: ${dir}/conf/socket/notify
`,
  );
  writeFileSync(
    path.join(dir, "cyrus.conf"),
    `START {
  recover cmd="ctl_cyrusdb -r -C ${conf}"
}
SERVICES {
  imap cmd="imapd -C ${conf}" listen="127.0.0.1:${imapPort}" prefork=0
  http cmd="httpd -C ${conf}" listen="127.0.0.1:${httpPort}" prefork=0
}
EVENTS {
}
DAEMON {
}
`,
  );
  const users = { ...opts.users };
  for (const [u, p] of Object.entries(users)) setPassword(u, p);
  if (asRoot) chownAll(dir);
  let out = "";
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(
      "/bin/sh",
      [
        "-c",
        'umask 022; exec "$0" -D -C "$1" -M "$2" -p "$3"',
        CYRMASTER,
        conf,
        path.join(dir, "cyrus.conf"),
        path.join(dir, "master.pid"),
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (d: Buffer) => (out = (out + d).slice(-8000)));
    child.stderr?.on("data", (d: Buffer) => (out = (out + d).slice(-8000)));
    const deadline = Date.now() + 15_000;
    while (!((await portOpen(imapPort)) && (await portOpen(httpPort)))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`cyrus did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const halt = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    while ((await portOpen(imapPort)) || (await portOpen(httpPort)))
      await new Promise((r) => setTimeout(r, 50));
  };
  await launch();
  const client = async (user: string) => {
    const c = new ImapFlow({
      host: "127.0.0.1",
      port: imapPort,
      secure: false,
      auth: { user, pass: users[user]! },
      logger: false,
    });
    c.on("error", () => {});
    await c.connect();
    return c;
  };
  // The first IMAP login creates each user's INBOX and special-use folders (autocreate).
  for (const u of Object.keys(users)) await (await client(u)).logout();
  return {
    imapPort,
    httpPort,
    /** The JMAP session URL (Cyrus redirects /.well-known/jmap to /jmap/). */
    jmapUrl: `http://127.0.0.1:${httpPort}/.well-known/jmap`,
    log: () => out,
    client,
    async deliver(user: string, raw: string, folder = "INBOX") {
      const c = await client(user);
      try {
        await c.append(folder, raw);
      } finally {
        await c.logout();
      }
    },
    /** Stops and starts the server on the same ports and mail: every open connection drops. */
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    /** Changes a user's password (a revoked app password). */
    setPassword(user: string, password: string) {
      users[user] = password;
      setPassword(user, password);
    },
  };
}

/** Cyrus drops root for its `cyrus` user: everything it reads or writes must be that user's. */
function chownAll(dir: string) {
  const uid = Number(execFileSync("id", ["-u", "cyrus"], { encoding: "utf8" }).trim());
  const gid = Number(execFileSync("id", ["-g", "cyrus"], { encoding: "utf8" }).trim());
  const walk = (p: string) => {
    chownSync(p, uid, gid);
    if (statSync(p).isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, "127.0.0.1");
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}
