import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../cli/main.ts";
import { createRotatingLog } from "./rotating-log.ts";
import { servicePlan } from "./service.ts";
import { launchdPlist, type ServiceSpec, systemdUnit, windowsTaskXml } from "./units.ts";

const entry = path.join(import.meta.dirname, "..", "cli", "main.ts");
const spec = (home: string): ServiceSpec => ({
  node: process.execPath,
  entry,
  home,
  logFile: path.join(home, "logs", "agent.log"),
  env: { SCOUTS_CLOUD_URL: "https://scouts.example.com", SCOUTS_AGENT_PORT: "8788" },
});

function capture(env: Record<string, string | undefined>) {
  let out = "";
  let err = "";
  const io = {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    env: { SCOUTS_AGENT_ENTRY: entry, ...env },
    cwd: process.cwd(),
  };
  return { io, out: () => out, err: () => err };
}

describe("service units", () => {
  it("systemd: restarts on failure, starts at login, passes the agent's config, and verifies", () => {
    const home = mkdtempSync(path.join(tmpdir(), "svc-"));
    const unit = systemdUnit(spec(home));
    expect(unit).toContain("Restart=on-failure");
    expect(unit).toContain("WantedBy=default.target");
    expect(unit).toContain(
      `ExecStart="${process.execPath}" "${entry}" "run" "--log-file" "${home}/logs/agent.log"`,
    );
    expect(unit).toContain('Environment="SCOUTS_CLOUD_URL=https://scouts.example.com"');
    expect(unit).toContain(`Environment="SCOUTS_HOME=${home}"`);
    const analyze = spawnSync("systemd-analyze", ["--version"], { encoding: "utf8" });
    if (analyze.status === 0) {
      const file = path.join(home, "scouts-agent.service");
      writeFileSync(file, unit);
      // System mode: `--user` needs a running user manager, which CI does not have; the unit's
      // syntax, sections, keys and ExecStart binary are checked the same way.
      const res = spawnSync("systemd-analyze", ["verify", file], { encoding: "utf8" });
      expect(res.stderr).toBe("");
      expect(res.status).toBe(0);
    }
  });

  it("systemd quoting keeps a path with spaces, quotes, % and $ one argument", () => {
    const home = '/home/a b/"x"/100%/$HOME';
    const unit = systemdUnit({ ...spec(home), logFile: `${home}/agent.log` });
    expect(unit).toContain('"/home/a b/\\"x\\"/100%%/$$HOME/agent.log"');
  });

  it("refuses a newline (it would add a directive) and variables other than SCOUTS_*", () => {
    expect(() => systemdUnit({ ...spec("/h"), home: "/h\nExecStartPre=/bin/evil" })).toThrow(/one line/);
    expect(() => systemdUnit({ ...spec("/h"), env: { LD_PRELOAD: "/x.so" } })).toThrow(/SCOUTS_/);
  });

  it("launchd: keeps it alive after a crash and runs at load; XML-escaped", () => {
    const plist = launchdPlist({
      ...spec("/Users/a&b"),
      env: { SCOUTS_CLOUD_URL: "https://x.test/?a=1&b=<2>" },
    });
    expect(plist).toContain("<key>RunAtLoad</key><true/>");
    expect(plist).toContain("<key>SuccessfulExit</key><false/>");
    expect(plist).toContain("<string>/Users/a&amp;b</string>");
    expect(plist).toContain("https://x.test/?a=1&amp;b=&lt;2&gt;");
    expect(plist).not.toContain("a&b");
  });

  it("Task Scheduler: at logon, restart on failure, no time limit", () => {
    const task = windowsTaskXml(
      { ...spec("C:\\Users\\ana\\.scouts"), node: "C:\\Program Files\\nodejs\\node.exe" },
      "ana",
    );
    expect(task).toContain("<LogonTrigger>");
    expect(task).toContain(
      "<RestartOnFailure><Interval>PT1M</Interval><Count>999</Count></RestartOnFailure>",
    );
    expect(task).toContain("<ExecutionTimeLimit>PT0S</ExecutionTimeLimit>");
    expect(task).toContain("&quot;C:\\Program Files\\nodejs\\node.exe&quot;");
    expect(() =>
      windowsTaskXml({ ...spec("C:\\x"), env: { SCOUTS_CLOUD_URL: "https://a&calc" } }, "ana"),
    ).toThrow(/cannot contain/);
  });

  it("puts each platform's file where its service manager looks", () => {
    const env = { HOME: "/home/ana", XDG_CONFIG_HOME: undefined };
    expect(servicePlan("linux", spec("/home/ana/.scouts"), env).file).toBe(
      "/home/ana/.config/systemd/user/scouts-agent.service",
    );
    expect(servicePlan("darwin", spec("/Users/ana/.scouts"), { HOME: "/Users/ana" }).file).toBe(
      "/Users/ana/Library/LaunchAgents/dev.scouts.agent.plist",
    );
  });
});

describe("scouts-agent service", () => {
  it("install writes the unit and enables it; status and uninstall undo it (systemctl faked on PATH)", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "svc-home-"));
    const bin = path.join(home, "bin");
    const calls = path.join(home, "calls.txt");
    spawnSync("mkdir", ["-p", bin]);
    writeFileSync(path.join(bin, "systemctl"), `#!/bin/sh\necho "$@" >> "${calls}"\n`);
    chmodSync(path.join(bin, "systemctl"), 0o755);
    const env = {
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, ".config"),
      SCOUTS_HOME: path.join(home, ".scouts"),
      SCOUTS_SERVICE_PLATFORM: "linux",
      PATH: `${bin}:${process.env.PATH}`,
    };
    const c = capture(env);
    expect(await runCli(["service", "install", "--cloud-url", "https://scouts.example.com/"], c.io)).toBe(0);
    const unitFile = path.join(home, ".config", "systemd", "user", "scouts-agent.service");
    expect(readFileSync(unitFile, "utf8")).toContain(
      'Environment="SCOUTS_CLOUD_URL=https://scouts.example.com"',
    );
    expect(readFileSync(calls, "utf8")).toContain("--user enable --now scouts-agent.service");

    const s = capture(env);
    expect(await runCli(["service", "status"], s.io)).toBe(0);
    expect(s.out()).toContain(unitFile);

    const u = capture(env);
    expect(await runCli(["service", "uninstall"], u.io)).toBe(0);
    expect(existsSync(unitFile)).toBe(false);
    expect(readFileSync(calls, "utf8")).toContain("--user disable --now scouts-agent.service");
    const after = capture(env);
    expect(await runCli(["service", "status"], after.io)).toBe(1);
    expect(after.out()).toContain("not installed");
  });

  it("install --dry-run on macOS prints the plist and the launchctl call, writing nothing", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "svc-mac-"));
    const c = capture({ HOME: home, SCOUTS_SERVICE_PLATFORM: "darwin" });
    expect(await runCli(["service", "install", "--dry-run"], c.io)).toBe(0);
    expect(c.out()).toContain("dev.scouts.agent.plist");
    expect(c.out()).toContain("launchctl bootstrap gui/");
    expect(existsSync(path.join(home, "Library"))).toBe(false);
  });

  it("logs prints the tail of the rotating log", async () => {
    const home = mkdtempSync(path.join(tmpdir(), "svc-logs-"));
    const log = createRotatingLog(path.join(home, ".scouts", "logs", "agent.log"));
    for (let i = 0; i < 100; i++) log.write(`line ${i}\n`);
    const c = capture({
      HOME: home,
      SCOUTS_HOME: path.join(home, ".scouts"),
      SCOUTS_SERVICE_PLATFORM: "linux",
    });
    expect(await runCli(["service", "logs", "--lines", "3"], c.io)).toBe(0);
    expect(c.out().trim().split("\n")).toEqual(["line 97", "line 98", "line 99"]);
  });
});

describe("the rotating log", () => {
  it("rotates by size and keeps only `keep` old files", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rot-"));
    const file = path.join(dir, "agent.log");
    const log = createRotatingLog(file, { maxBytes: 100, keep: 2 });
    for (let i = 0; i < 50; i++) log.write(`${String(i).padStart(9, "0")}\n`);
    expect(readdirSync(dir).sort()).toEqual(["agent.log", "agent.log.1", "agent.log.2"]);
    for (const f of readdirSync(dir)) expect(readFileSync(path.join(dir, f)).length).toBeLessThanOrEqual(100);
    expect(readFileSync(file, "utf8").trim().split("\n").at(-1)).toBe("000000049");
  });
});
