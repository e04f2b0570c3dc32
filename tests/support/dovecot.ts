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
export async function startDovecot(opts: { users: Record<string, string> }) {
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
  writeFileSync(
    path.join(dir, "passwd"),
    Object.entries(opts.users)
      .map(([u, p]) => `${u}:{PLAIN}${p}`)
      .join("\n"),
  );
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
auth_mechanisms = plain login
first_valid_uid = 1
${asRoot ? "" : `default_login_user = ${me}\ndefault_internal_user = ${me}`}
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
  let out = "";
  const child: ChildProcess = spawn(DOVECOT, ["-c", path.join(dir, "dovecot.conf"), "-F"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => (out = (out + d).slice(-8000)));
  child.stderr?.on("data", (d: Buffer) => (out = (out + d).slice(-8000)));
  const deadline = Date.now() + 15_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`dovecot did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const client = async (user: string) => {
    const c = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: opts.users[user]! },
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
    client,
    async deliver(user: string, folder: string, raw: string) {
      const c = await client(user);
      try {
        await c.append(folder, raw);
      } finally {
        await c.logout();
      }
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
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
