import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { freePort } from "./processes.ts";

export const DOVECOT = "/usr/sbin/dovecot";
export const hasDovecot = () => existsSync(DOVECOT);

/**
 * A real Dovecot IMAP server on loopback for one test file: its own config, users, Maildirs and a
 * self-signed certificate, with a plain/STARTTLS port and an implicit-TLS port. `client(user)` is
 * "another mail client" (delivers with APPEND, moves, deletes).
 *
 * @example const dv = await startDovecot({ users: { ana: "secret" } }); await dv.deliver("ana", "INBOX", raw);
 */
export async function startDovecot(opts: {
  users: Record<string, string>;
  /** Replaces the advertised capabilities (e.g. a server without CONDSTORE/QRESYNC). */
  capability?: string;
  /** Also accept XOAUTH2/OAUTHBEARER, each token checked at this RFC 7662 introspection URL. */
  oauth2IntrospectUrl?: string;
}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "scouts-dovecot-"));
  chmodSync(dir, 0o755);
  const [port, tlsPort] = [await freePort(), await freePort()];
  const asRoot = process.getuid?.() === 0;
  const me = os.userInfo().username;
  const mailUser = asRoot ? "dovecot" : me;
  for (const d of ["run", "state", "home"]) mkdirSync(path.join(dir, d));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "dovecot"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "dovecot"], { encoding: "utf8" }).trim());
    chownSync(path.join(dir, "home"), uid, gid);
  }
  const openssl = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      "key.pem",
      "-out",
      "cert.pem",
      "-days",
      "2",
      "-subj",
      "/CN=127.0.0.1",
    ],
    { cwd: dir, encoding: "utf8" },
  );
  if (openssl.status !== 0) throw new Error(`openssl failed: ${openssl.stderr}`);
  const cert = new X509Certificate(readFileSync(path.join(dir, "cert.pem")));
  const users = { ...opts.users };
  const writeUsers = () =>
    writeFileSync(
      path.join(dir, "passwd"),
      Object.entries(users)
        .map(([u, p]) => `${u}:{PLAIN}${p}`)
        .join("\n"),
      { mode: 0o644 },
    );
  writeUsers();
  // Whatever the process umask (the agent sets 077): Dovecot's auth process runs as another user.
  chmodSync(path.join(dir, "passwd"), 0o644);
  const conf = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = /dev/stderr
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
disable_plaintext_auth = no
auth_mechanisms = plain login${opts.oauth2IntrospectUrl ? " xoauth2 oauthbearer" : ""}
first_valid_uid = 1
${opts.capability ? `protocol imap {\n  imap_capability = ${opts.capability}\n}` : ""}
${asRoot ? "" : `default_login_user = ${me}\ndefault_internal_user = ${me}`}
${
  opts.oauth2IntrospectUrl
    ? `passdb {\n  driver = oauth2\n  mechanisms = xoauth2 oauthbearer\n  args = ${dir}/oauth2.conf.ext\n}`
    : ""
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${mailUser} gid=${asRoot ? "dovecot" : os.userInfo().gid} home=${dir}/home/%u
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  mailbox Archive {
    special_use = \\Archive
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
service imap-login {
  chroot =
  inet_listener imap {
    port = ${port}
  }
  inet_listener imaps {
    port = ${tlsPort}
  }
}
service anvil {
  chroot =
}
`;
  writeFileSync(path.join(dir, "dovecot.conf"), conf);
  if (opts.oauth2IntrospectUrl)
    writeFileSync(
      path.join(dir, "oauth2.conf.ext"),
      `introspection_mode = post\nintrospection_url = ${opts.oauth2IntrospectUrl}\nforce_introspection = yes\nusername_attribute = username\nactive_attribute = active\nactive_value = true\n`,
      { mode: 0o644 },
    );
  let out = "";
  let child: ChildProcess;
  const launch = async () => {
    // Its own umask: an agent started in the same process sets 077, which would lock Dovecot's
    // unprivileged processes out of the files and sockets its master creates.
    child = spawn(
      "/bin/sh",
      ["-c", 'umask 022; exec "$0" -c "$1" -F', DOVECOT, path.join(dir, "dovecot.conf")],
      {
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout?.on("data", (d: Buffer) => (out = (out + d).slice(-8000)));
    child.stderr?.on("data", (d: Buffer) => (out = (out + d).slice(-8000)));
    const deadline = Date.now() + 15_000;
    while (!(await portOpen(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`dovecot did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const halt = async () => {
    child.kill("SIGTERM");
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
    // Wait until the listener is gone too, so a restart starts from a closed port.
    while (await portOpen(port)) await new Promise((r) => setTimeout(r, 50));
  };
  await launch();
  const client = async (user: string) => {
    const c = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: users[user]! },
      logger: false,
      tls: { rejectUnauthorized: false },
    });
    c.on("error", () => {});
    await c.connect();
    return c;
  };
  return {
    host: "127.0.0.1",
    port,
    tlsPort,
    /** SHA-256 of the server certificate (what `--pin` takes). */
    certSha256: cert.fingerprint256.replace(/:/g, "").toLowerCase(),
    log: () => out,
    /** A user's Maildir (exists after their first login): benches fill it directly. */
    maildir: (user: string) => path.join(dir, "home", user, "Maildir"),
    client,
    async deliver(user: string, folder: string, raw: string) {
      const c = await client(user);
      try {
        await c.append(folder, raw);
      } finally {
        await c.logout();
      }
    },
    /** Stops and starts the server on the same ports and mail: every open session drops. */
    async restart() {
      await halt();
      await launch();
    },
    /** The users with an IMAP session open now, as `doveadm who` lists them (one entry per session). */
    who(): string[] {
      const r = spawnSync("doveadm", ["-c", path.join(dir, "dovecot.conf"), "who", "-1"], {
        encoding: "utf8",
      });
      if (r.status !== 0) throw new Error(`doveadm who failed: ${r.stderr}`);
      return r.stdout
        .split("\n")
        .slice(1)
        .map((l) => l.trim().split(/\s+/)[0] ?? "")
        .filter(Boolean);
    },
    /** Changes a user's password (a revoked app password); sessions already open stay. */
    setPassword(user: string, password: string) {
      users[user] = password;
      writeUsers();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
