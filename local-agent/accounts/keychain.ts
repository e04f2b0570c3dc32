import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { accessSync, constants } from "node:fs";
import path from "node:path";

/**
 * Where the OS keeps secrets for this user, reached through its own small CLI (no native addon):
 * Linux Secret Service (`secret-tool`, GNOME Keyring or KWallet), macOS Keychain (`security`),
 * Windows DPAPI (PowerShell's `ProtectedData`, the key sealed to this Windows user).
 */
export interface Keychain {
  /** "secret-service" | "macos-keychain" | "windows-dpapi": shown by `accounts` status lines. */
  readonly kind: string;
  /** The stored value, or null when none is stored; throws when the keychain cannot be asked. */
  get(): string | null;
  set(value: string): void;
}

/** Runs a CLI: stdout, or null for a "not found" exit; anything else throws with its stderr. */
export type Run = (
  cmd: string,
  args: string[],
  opts: { input?: string; notFound?: number[] },
) => string | null;

export function realRun(env: NodeJS.ProcessEnv = process.env): Run {
  return (cmd, args, opts) => {
    try {
      return execFileSync(cmd, args, {
        input: opts.input ?? "",
        encoding: "utf8",
        env,
        timeout: 15_000,
        stdio: ["pipe", "pipe", "pipe"],
      });
    } catch (e) {
      const err = e as { status?: number | null; stderr?: string; code?: string };
      if (err.status != null && opts.notFound?.includes(err.status) && !err.stderr?.trim()) return null;
      throw new Error(`${cmd} failed: ${(err.stderr ?? err.code ?? String(e)).trim().slice(0, 300)}`);
    }
  };
}

const onPath = (cmd: string, env: NodeJS.ProcessEnv) =>
  (env.PATH ?? "").split(path.delimiter).some((d) => {
    try {
      accessSync(path.join(d, cmd), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });

/** One entry per agent home, so two agents of one person (or test homes) never share a key. */
const accountFor = (home: string) =>
  `accounts-key-${createHash("sha256").update(path.resolve(home)).digest("hex").slice(0, 16)}`;

function secretService(home: string, run: Run): Keychain {
  const attrs = ["service", "scouts-agent", "account", accountFor(home)];
  return {
    kind: "secret-service",
    // secret-tool exits 1 with nothing on stderr when there is no such item.
    get: () => run("secret-tool", ["lookup", ...attrs], { notFound: [1] })?.trim() || null,
    set(value) {
      run("secret-tool", ["store", "--label=Scouts agent: mail account key", ...attrs], { input: value });
    },
  };
}

function macKeychain(home: string, run: Run): Keychain {
  const attrs = ["-s", "scouts-agent", "-a", accountFor(home)];
  return {
    kind: "macos-keychain",
    // 44: errSecItemNotFound.
    get: () => run("security", ["find-generic-password", ...attrs, "-w"], { notFound: [44] })?.trim() || null,
    set(value) {
      // `security` takes the secret as an argument (briefly visible to this user's `ps`); the
      // interactive prompt is the only other way and an agent cannot answer it.
      run("security", ["add-generic-password", "-U", ...attrs, "-w", value], {});
    },
  };
}

/** DPAPI (CurrentUser): the key file holds only ciphertext that this Windows user alone can open. */
function windowsDpapi(home: string, run: Run): Keychain {
  const file = path.join(home, "keys", "accounts.key.dpapi");
  const ps = (script: string, input?: string) =>
    run(
      "powershell.exe",
      ["-NoProfile", "-NonInteractive", "-Command", script],
      input !== undefined ? { input } : {},
    );
  const quoted = `'${file.replace(/'/g, "''")}'`;
  return {
    kind: "windows-dpapi",
    get() {
      const out = ps(
        `Add-Type -AssemblyName System.Security; if (-not (Test-Path ${quoted})) { exit 0 }; ` +
          `$b = [Convert]::FromBase64String((Get-Content -Raw ${quoted}).Trim()); ` +
          `[Text.Encoding]::UTF8.GetString([Security.Cryptography.ProtectedData]::Unprotect($b, $null, 'CurrentUser'))`,
      );
      return out?.trim() || null;
    },
    set(value) {
      ps(
        `Add-Type -AssemblyName System.Security; $v = [Console]::In.ReadToEnd().Trim(); ` +
          `$c = [Security.Cryptography.ProtectedData]::Protect([Text.Encoding]::UTF8.GetBytes($v), $null, 'CurrentUser'); ` +
          `New-Item -ItemType Directory -Force (Split-Path ${quoted}) | Out-Null; ` +
          `Set-Content -NoNewline ${quoted} ([Convert]::ToBase64String($c))`,
        value,
      );
    },
  };
}

/**
 * The OS keychain this agent can use, or null (then the owner-only key file is used).
 * `SCOUTS_KEYCHAIN=off` forces the file; Linux needs `secret-tool` and a D-Bus session (a
 * headless server usually has neither).
 *
 * @example findKeychain({ home, platform: process.platform, env: process.env })?.kind // "secret-service"
 */
export function findKeychain(args: {
  home: string;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  run?: Run;
  has?: (cmd: string) => boolean;
}): Keychain | null {
  const { home, platform, env } = args;
  if (env.SCOUTS_KEYCHAIN === "off") return null;
  const run = args.run ?? realRun(env);
  const has = args.has ?? ((cmd: string) => onPath(cmd, env));
  if (platform === "darwin" && has("security")) return macKeychain(home, run);
  if (platform === "win32") return windowsDpapi(home, run);
  if (platform === "linux" && env.DBUS_SESSION_BUS_ADDRESS && has("secret-tool"))
    return secretService(home, run);
  return null;
}
