/**
 * The agent as a login service on each desktop OS: a systemd user unit (Linux), a launchd agent
 * (macOS) and a Task Scheduler task (Windows). Each starts `scouts-agent run` at login, restarts
 * it after a crash, and lets the agent write its own rotating log (`--log-file`).
 */

export const SERVICE_NAME = "scouts-agent";
export const LAUNCHD_LABEL = "dev.scouts.agent";
export const WINDOWS_TASK = "ScoutsAgent";

export interface ServiceSpec {
  /** Absolute path of the Node binary that runs the agent. */
  node: string;
  /** Absolute path of the CLI entry (cli/main.ts in the repo, the bundled cli.js when packaged). */
  entry: string;
  /** The agent's data folder (SCOUTS_HOME). */
  home: string;
  logFile: string;
  /** Configuration the agent reads from its environment (SCOUTS_CLOUD_URL, SCOUTS_AGENT_PORT, …). */
  env: Record<string, string>;
}

const SAFE_ENV = /^SCOUTS_[A-Z0-9_]+$/;

function checkSpec(s: ServiceSpec): void {
  for (const [k, v] of Object.entries({ node: s.node, entry: s.entry, home: s.home, logFile: s.logFile })) {
    if (!v || /[\n\r\0]/.test(v)) throw new Error(`service: ${k} must be a path on one line`);
  }
  for (const [k, v] of Object.entries(s.env)) {
    if (!SAFE_ENV.test(k))
      throw new Error(`service: only SCOUTS_* variables are passed to the service (got ${k})`);
    if (/[\n\r\0]/.test(v)) throw new Error(`service: ${k} must be one line`);
  }
}

/** systemd quoting: a word in double quotes with `\` `"` escaped, `%` doubled and `$` as `$$`. */
const sd = (v: string) =>
  `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/%/g, "%%").replace(/\$/g, "$$$$")}"`;

/** `~/.config/systemd/user/scouts-agent.service` */
export function systemdUnit(s: ServiceSpec): string {
  checkSpec(s);
  const env = { ...s.env, SCOUTS_HOME: s.home };
  return [
    "[Unit]",
    "Description=Scouts local agent (on-device triage, folders, localhost API for the PWA)",
    "After=network-online.target",
    "Wants=network-online.target",
    // A crash loop backs off instead of giving up for good after systemd's default 5 starts.
    "StartLimitIntervalSec=0",
    "",
    "[Service]",
    "Type=simple",
    `ExecStart=${[s.node, s.entry, "run", "--log-file", s.logFile].map(sd).join(" ")}`,
    ...Object.entries(env).map(([k, v]) => `Environment=${sd(`${k}=${v}`)}`),
    "Restart=on-failure",
    "RestartSec=5",
    "NoNewPrivileges=true",
    "PrivateTmp=true",
    "",
    "[Install]",
    "WantedBy=default.target",
    "",
  ].join("\n");
}

const xml = (v: string) =>
  v
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** `~/Library/LaunchAgents/dev.scouts.agent.plist` */
export function launchdPlist(s: ServiceSpec): string {
  checkSpec(s);
  const env = { ...s.env, SCOUTS_HOME: s.home };
  const args = [s.node, s.entry, "run", "--log-file", s.logFile];
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key><string>${LAUNCHD_LABEL}</string>
  <key>ProgramArguments</key>
  <array>
${args.map((a) => `    <string>${xml(a)}</string>`).join("\n")}
  </array>
  <key>EnvironmentVariables</key>
  <dict>
${Object.entries(env)
  .map(([k, v]) => `    <key>${xml(k)}</key><string>${xml(v)}</string>`)
  .join("\n")}
  </dict>
  <key>RunAtLoad</key><true/>
  <key>KeepAlive</key>
  <dict><key>SuccessfulExit</key><false/></dict>
  <key>ThrottleInterval</key><integer>10</integer>
  <key>ProcessType</key><string>Background</string>
</dict>
</plist>
`;
}

/** Windows quoting for one argument on a command line (CommandLineToArgvW rules). */
const winArg = (a: string) =>
  /[\s"]/.test(a) ? `"${a.replace(/(\\*)"/g, '$1$1\\"').replace(/(\\+)$/, "$1$1")}"` : a;

/**
 * A Task Scheduler task (`schtasks /Create /XML`): at logon, restart every minute after a failure,
 * no time limit. Environment comes through `cmd /c set … &&` since tasks have no env block.
 */
export function windowsTaskXml(s: ServiceSpec, userId: string): string {
  checkSpec(s);
  const env = { ...s.env, SCOUTS_HOME: s.home };
  for (const v of Object.values(env)) {
    if (/[&|<>^"%]/.test(v))
      throw new Error('service: on Windows, SCOUTS_* values cannot contain & | < > ^ " %');
  }
  const sets = Object.entries(env)
    .map(([k, v]) => `set "${k}=${v}"`)
    .join(" && ");
  const run = [s.node, s.entry, "run", "--log-file", s.logFile].map(winArg).join(" ");
  return `<?xml version="1.0" encoding="UTF-16"?>
<Task version="1.4" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <RegistrationInfo><Description>Scouts local agent</Description></RegistrationInfo>
  <Triggers>
    <LogonTrigger><Enabled>true</Enabled><UserId>${xml(userId)}</UserId></LogonTrigger>
  </Triggers>
  <Principals>
    <Principal id="Author"><UserId>${xml(userId)}</UserId><LogonType>InteractiveToken</LogonType><RunLevel>LeastPrivilege</RunLevel></Principal>
  </Principals>
  <Settings>
    <MultipleInstancesPolicy>IgnoreNew</MultipleInstancesPolicy>
    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>
    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>
    <ExecutionTimeLimit>PT0S</ExecutionTimeLimit>
    <RestartOnFailure><Interval>PT1M</Interval><Count>999</Count></RestartOnFailure>
    <StartWhenAvailable>true</StartWhenAvailable>
    <Enabled>true</Enabled>
    <Hidden>true</Hidden>
  </Settings>
  <Actions Context="Author">
    <Exec>
      <Command>cmd.exe</Command>
      <Arguments>${xml(`/d /s /c "${sets} && ${run}"`)}</Arguments>
    </Exec>
  </Actions>
</Task>
`;
}
