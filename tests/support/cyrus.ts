import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { openJmap } from "../../local-agent/accounts/jmap-client.ts";
import { cyrusImapd } from "../../scripts/cyrus-imapd.ts";
import { freePort } from "./processes.ts";

export const CYRMASTER = "/usr/sbin/cyrmaster";
/** JMAP needs Cyrus' httpd, which Debian ships in cyrus-caldav. */
export const hasCyrus = () => existsSync(CYRMASTER) && existsSync("/usr/lib/cyrus/bin/httpd");

/**
 * A real Cyrus mail store (Debian's 3.6) serving JMAP on its httpd, on loopback for one test file:
 * its own imapd.conf/cyrus.conf, spool and sasldb users with plain passwords; mail arrives by
 * LMTP, as from an MTA. With `imap`, also Cyrus' imapd (plain IMAP, IDLE pushed by idled): Debian's
 * cyrus-imapd conflicts with dovecot-imapd (both provide imap-server), so its binaries come
 * unpacked, not installed (scripts/cyrus-imapd.ts). Debian's build has no WebSocket library,
 * so Cyrus answers the EventSource URL with 204 (no push) and clients poll `Email/changes`.
 * `client(user)` is "another mail client" (its own JMAP session). A failed login is answered at
 * once (`failedloginpause: 0`), so a client that retried a refused password would show it.
 *
 * @example const cy = await startCyrus({ users: { ana: "secret" } }); await cy.deliver("ana", raw);
 */
export async function startCyrus(opts: {
  users: Record<string, string>;
  imap?: boolean;
  /** Capabilities left out of every CAPABILITY answer (imapd.conf `suppress_capabilities`), e.g. CONDSTORE. */
  suppressCapabilities?: string[];
}) {
  const imapd = opts.imap ? cyrusImapd() : null;
  for (const c of opts.suppressCapabilities ?? [])
    if (!/^[A-Z0-9=+-]+$/i.test(c)) throw new Error(`not an IMAP capability: ${JSON.stringify(c)}`);
  if (opts.imap && !imapd)
    throw new Error("Cyrus' imapd is not unpacked: run node_modules/.bin/node scripts/cyrus-imapd.ts");
  const dir = mkdtempSync(path.join(os.tmpdir(), "scouts-cyrus-"));
  chmodSync(dir, 0o755);
  const [lmtpPort, httpPort, imapPort] = [await freePort(), await freePort(), await freePort()];
  const ports = imapd ? [lmtpPort, httpPort, imapPort] : [lmtpPort, httpPort];
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
autocreate_post: yes
autocreate_acl: Archive anyone p
autocreate_inbox_folders: Archive | Junk | Trash | Sent
xlist-Archive: Archive
xlist-Junk: Junk
xlist-Trash: Trash
xlist-Sent: Sent
unixhierarchysep: yes
altnamespace: yes
imapidlepoll: 1
failedloginpause: 0
${opts.suppressCapabilities?.length ? `suppress_capabilities: ${opts.suppressCapabilities.join(" ")}\n` : ""}syslog_prefix: scouts-cyrus-test
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
  lmtp cmd="lmtpd -a -C ${conf}" listen="127.0.0.1:${lmtpPort}" prefork=0
  http cmd="httpd -C ${conf}" listen="127.0.0.1:${httpPort}" prefork=0
${imapd ? `  imap cmd="${imapd} -C ${conf}" listen="127.0.0.1:${imapPort}" prefork=0` : ""}
}
EVENTS {
}
DAEMON {
${imapd ? `  idled cmd="${path.join(path.dirname(imapd), "idled")} -C ${conf}"` : ""}
}
`,
  );
  const users = { ...opts.users };
  for (const [u, p] of Object.entries(users)) setPassword(u, p);
  if (asRoot) chownAll(dir);
  let out = "";
  let child: ChildProcess;
  /** Bumped each time the server goes down: what was open before belongs to an older server. */
  let generation = 0;
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
      // Its own process group (sh execs cyrmaster), so a halt reaches the services it forked too.
      { stdio: ["ignore", "pipe", "pipe"], detached: true },
    );
    child.stdout?.on("data", (d: Buffer) => (out = (out + d).slice(-8000)));
    child.stderr?.on("data", (d: Buffer) => (out = (out + d).slice(-8000)));
    const deadline = Date.now() + 15_000;
    while (!(await allOpen(ports))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`cyrus did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Signals cyrmaster and every service it forked (an httpd child serving a keep-alive connection). */
  const signalAll = (sig: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, sig);
    } catch {
      // the group is gone already
    }
  };
  const exited = () => new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
  /** Resolves when every port is closed, false after `ms`. */
  const portsClosed = async (ms: number) => {
    const deadline = Date.now() + ms;
    while (await anyOpen(ports)) {
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 50));
    }
    return true;
  };
  // A clean stop first; under load a forked httpd can hold its listening socket open well after
  // cyrmaster has gone (it finishes a keep-alive connection first), so after a grace period the
  // whole group is killed: a halt always ends, and the ports are free for the next launch.
  const halt = async () => {
    generation++;
    signalAll("SIGTERM");
    const clean = await Promise.race([
      exited().then(() => portsClosed(5_000)),
      new Promise<false>((r) => setTimeout(() => r(false), 5_000)),
    ]);
    if (clean) return;
    signalAll("SIGKILL");
    await exited();
    if (!(await portsClosed(10_000))) throw new Error(`cyrus did not release its ports:\n${out}`);
  };
  await launch();
  const jmapUrl = `http://127.0.0.1:${httpPort}/.well-known/jmap`;
  const client = (user: string) => openJmap({ url: jmapUrl, username: user, password: users[user]! });
  const deliver = (user: string, raw: string, folder = "INBOX") =>
    lmtpDeliver(lmtpPort, folder === "INBOX" ? user : `${user}+${folder}`, raw);
  // The first delivery creates each user's INBOX and special-use folders (autocreate_post).
  for (const u of Object.keys(users))
    await deliver(u, "Subject: welcome\r\nMessage-ID: <welcome@test>\r\n\r\nhi\r\n");
  const welcome = async (u: string) => {
    const c = await client(u);
    const [q] = await c.call<{ ids: string[] }>([["Email/query", {}]]);
    if (q?.ids.length) await c.call([["Email/set", { destroy: q.ids }]]);
  };
  for (const u of Object.keys(users)) await welcome(u);
  /** "Another mail client" over IMAP (needs `imap`): moves, deletes, creates folders. */
  const imapClient = async (user: string) => {
    if (!imapd) throw new Error("startCyrus was not asked for imap");
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
  return {
    httpPort,
    /** Cyrus' IMAP port (plain, loopback), with `imap`. */
    imapPort,
    imapClient,
    /** The JMAP session URL (Cyrus redirects /.well-known/jmap to /jmap/). */
    jmapUrl,
    log: () => out,
    client,
    /** Delivers by LMTP, as an MTA would; `folder` through the user's +detail address. */
    deliver,
    /** Many messages over one LMTP connection (benches). */
    deliverMany: (user: string, raws: string[]) => lmtpDeliver(lmtpPort, user, raws),
    /** Changes whenever the server goes down (`down`, `restart`, `stop`). */
    generation: () => generation,
    /** Stops the server (an outage) until `up()`; mail stays. */
    down: () => halt(),
    up: () => launch(),
    /** Stops and starts the server on the same ports and mail: every open connection drops. */
    async restart() {
      await halt();
      await launch();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    /**
     * Kills the imapd processes serving `user`'s IMAP sessions (Cyrus lists each in
     * `conf/proc/<pid>`): their connections drop as when the server side dies; the server stays up.
     * Returns how many were killed.
     */
    dropImapSessions(user: string): number {
      const procDir = path.join(dir, "conf", "proc");
      let killed = 0;
      for (const pid of existsSync(procDir) ? readdirSync(procDir) : []) {
        let fields: string[];
        try {
          fields = readFileSync(path.join(procDir, pid), "utf8").split("\t");
        } catch {
          continue; // the session ended meanwhile
        }
        if (fields[0] !== "imap" || fields[2] !== user) continue;
        try {
          process.kill(Number(pid), "SIGKILL");
          killed++;
        } catch {}
      }
      return killed;
    },
    /** Changes a user's password (a revoked app password). */
    setPassword(user: string, password: string) {
      users[user] = password;
      setPassword(user, password);
    },
  };
}

/** Polls `fn` every 50 ms until it gives a truthy value, or fails after `ms` naming `what`. */
export async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
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

/** One message over LMTP (RFC 2033) to a preauthorized lmtpd (`-a`), failing on any refusal. */
function lmtpDeliver(port: number, rcpt: string, raws: string | string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const s = connect(port, "127.0.0.1");
    const steps = ["LHLO test\r\n"];
    for (const raw of Array.isArray(raws) ? raws : [raws]) {
      const body = `${raw.replace(/\r?\n/g, "\r\n").replace(/^\./gm, "..")}\r\n.\r\n`;
      steps.push("MAIL FROM:<sender@example.org>\r\n", `RCPT TO:<${rcpt}>\r\n`, "DATA\r\n", body);
    }
    steps.push("QUIT\r\n");
    let buf = "";
    s.on("data", (d) => {
      buf += d.toString("utf8");
      // Each reply ends with a line whose code is followed by a space.
      for (;;) {
        const m = /^(\d{3}) .*\r\n/m.exec(buf);
        if (!m) return;
        buf = buf.slice(m.index + m[0].length);
        if (!/^[23]/.test(m[1]!)) {
          s.destroy();
          return reject(new Error(`LMTP refused: ${m[0].trim()}`));
        }
        const next = steps.shift();
        if (next === undefined) {
          s.end();
          return resolve();
        }
        s.write(next);
      }
    });
    s.on("error", reject);
  });
}

async function allOpen(ports: number[]) {
  for (const p of ports) if (!(await portOpen(p))) return false;
  return true;
}

async function anyOpen(ports: number[]) {
  for (const p of ports) if (await portOpen(p)) return true;
  return false;
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
