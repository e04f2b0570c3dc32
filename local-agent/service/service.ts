import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { homedir, userInfo } from "node:os";
import path from "node:path";
import type { CliCommand, CliIo } from "../cli/registry.ts";
import {
  LAUNCHD_LABEL,
  launchdPlist,
  SERVICE_NAME,
  type ServiceSpec,
  systemdUnit,
  WINDOWS_TASK,
  windowsTaskXml,
} from "./units.ts";

type Platform = "linux" | "darwin" | "win32";

interface Plan {
  file: string;
  content: string;
  install: string[][];
  uninstall: string[][];
  status: string[];
}

/** What `service install` writes and runs on each platform (pure, so tests see all three). */
export function servicePlan(
  platform: Platform,
  spec: ServiceSpec,
  env: Record<string, string | undefined>,
): Plan {
  const home = env.HOME ?? homedir();
  if (platform === "linux") {
    const dir = path.join(env.XDG_CONFIG_HOME ?? path.join(home, ".config"), "systemd", "user");
    const unit = `${SERVICE_NAME}.service`;
    return {
      file: path.join(dir, unit),
      content: systemdUnit(spec),
      install: [
        ["systemctl", "--user", "daemon-reload"],
        ["systemctl", "--user", "enable", "--now", unit],
      ],
      uninstall: [
        ["systemctl", "--user", "disable", "--now", unit],
        ["systemctl", "--user", "daemon-reload"],
      ],
      status: ["systemctl", "--user", "status", "--no-pager", unit],
    };
  }
  if (platform === "darwin") {
    const file = path.join(home, "Library", "LaunchAgents", `${LAUNCHD_LABEL}.plist`);
    const uid = String(userInfo().uid);
    return {
      file,
      content: launchdPlist(spec),
      install: [["launchctl", "bootstrap", `gui/${uid}`, file]],
      uninstall: [["launchctl", "bootout", `gui/${uid}/${LAUNCHD_LABEL}`]],
      status: ["launchctl", "print", `gui/${uid}/${LAUNCHD_LABEL}`],
    };
  }
  const file = path.join(spec.home, "service", `${WINDOWS_TASK}.xml`);
  return {
    file,
    content: windowsTaskXml(spec, env.USERNAME ?? userInfo().username),
    install: [
      ["schtasks", "/Create", "/F", "/TN", WINDOWS_TASK, "/XML", file],
      ["schtasks", "/Run", "/TN", WINDOWS_TASK],
    ],
    uninstall: [
      ["schtasks", "/End", "/TN", WINDOWS_TASK],
      ["schtasks", "/Delete", "/F", "/TN", WINDOWS_TASK],
    ],
    status: ["schtasks", "/Query", "/TN", WINDOWS_TASK, "/V", "/FO", "LIST"],
  };
}

function flags(args: string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.startsWith("--")) throw new Error(`service: unexpected ${a}`);
    const next = args[i + 1];
    if (next !== undefined && !next.startsWith("--")) {
      out[a.slice(2)] = next;
      i++;
    } else out[a.slice(2)] = true;
  }
  return out;
}

/** The spec for this installation: this Node, this CLI, the configured home and cloud. */
export function currentSpec(io: CliIo, f: Record<string, string | true>): ServiceSpec {
  const home = path.resolve(io.env.SCOUTS_HOME ?? path.join(io.env.HOME ?? homedir(), ".scouts"));
  const env: Record<string, string> = {};
  const cloud = typeof f["cloud-url"] === "string" ? f["cloud-url"] : io.env.SCOUTS_CLOUD_URL;
  if (cloud) env.SCOUTS_CLOUD_URL = new URL(cloud).toString().replace(/\/$/, "");
  const port = typeof f.port === "string" ? f.port : io.env.SCOUTS_AGENT_PORT;
  if (port) {
    if (!/^\d{1,5}$/.test(port) || Number(port) > 65535)
      throw new Error("service: --port must be a TCP port");
    env.SCOUTS_AGENT_PORT = port;
  }
  if (io.env.SCOUTS_PWA_ORIGIN) env.SCOUTS_PWA_ORIGIN = io.env.SCOUTS_PWA_ORIGIN;
  // The CLI that is running now (cli/main.ts from a clone, cli.js from the package).
  const entry = io.env.SCOUTS_AGENT_ENTRY ?? (process.argv[1] ? realpathSync(process.argv[1]) : "");
  if (!entry.endsWith("main.ts") && !entry.endsWith("cli.js")) {
    throw new Error("service: run this from the scouts-agent CLI (or set SCOUTS_AGENT_ENTRY)");
  }
  return {
    node: process.execPath,
    entry: path.resolve(entry),
    home,
    logFile: path.join(home, "logs", "agent.log"),
    env,
  };
}

function run(cmd: string[], io: CliIo): number {
  const res = spawnSync(cmd[0]!, cmd.slice(1), { encoding: "utf8", env: io.env as NodeJS.ProcessEnv });
  if (res.error) {
    io.stderr.write(`${cmd[0]} is not available here: ${res.error.message}\n`);
    return 1;
  }
  io.stdout.write(res.stdout ?? "");
  io.stderr.write(res.stderr ?? "");
  return res.status ?? 1;
}

const platformOf = (io: CliIo): Platform => {
  const p = io.env.SCOUTS_SERVICE_PLATFORM ?? process.platform;
  if (p !== "linux" && p !== "darwin" && p !== "win32") throw new Error(`service: ${p} is not supported`);
  return p;
};

/** `scouts-agent service install | uninstall | status | logs` */
export const serviceCommand: CliCommand = {
  name: "service",
  usage: "service install|uninstall|status|logs",
  summary: "run the agent at login, restarted after a crash",
  async run(args, io) {
    const [verb, ...rest] = args;
    const f = flags(rest);
    const spec = currentSpec(io, f);
    const plan = servicePlan(platformOf(io), spec, io.env);
    const dry = f["dry-run"] === true;
    if (verb === "install") {
      if (dry) {
        io.stdout.write(`would write ${plan.file}:\n${plan.content}\nwould run:\n`);
        for (const c of plan.install) io.stdout.write(`  ${c.join(" ")}\n`);
        return 0;
      }
      mkdirSync(path.dirname(plan.file), { recursive: true });
      writeFileSync(plan.file, plan.content, { mode: 0o644 });
      io.stdout.write(`wrote ${plan.file}\n`);
      for (const c of plan.install) if (run(c, io) !== 0) return 1;
      io.stdout.write(
        `installed: the agent starts at login and restarts after a crash; logs in ${spec.logFile}\n`,
      );
      return 0;
    }
    if (verb === "uninstall") {
      if (!existsSync(plan.file)) {
        io.stdout.write("not installed\n");
        return 0;
      }
      for (const c of plan.uninstall) run(c, io);
      rmSync(plan.file, { force: true });
      io.stdout.write(`removed ${plan.file}\n`);
      return 0;
    }
    if (verb === "status") {
      if (!existsSync(plan.file)) {
        io.stdout.write(`not installed (scouts-agent service install)\n`);
        return 1;
      }
      io.stdout.write(`installed: ${plan.file}\nlogs: ${spec.logFile}\n`);
      return run(plan.status, io);
    }
    if (verb === "logs") {
      const lines = typeof f.lines === "string" ? Number(f.lines) : 50;
      if (!Number.isInteger(lines) || lines < 1)
        throw new Error("service logs: --lines must be a positive number");
      if (!existsSync(spec.logFile)) {
        io.stdout.write(`no log yet at ${spec.logFile}\n`);
        return 0;
      }
      const text = readFileSync(spec.logFile, "utf8").split("\n");
      io.stdout.write(`${text.slice(-lines - 1).join("\n")}`);
      return 0;
    }
    io.stderr.write(
      `usage: scouts-agent ${serviceCommand.usage} [--cloud-url URL] [--port N] [--dry-run] [--lines N]\n`,
    );
    return 2;
  },
};
