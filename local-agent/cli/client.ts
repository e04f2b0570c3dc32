import { access, readFile } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import type { CliIo } from "./registry.ts";

/** The dev agent `npm start` runs keeps its data here (scripts/start.ts). */
const devHome = path.join(import.meta.dirname, "..", "..", ".scouts-dev");

/**
 * Where the running agent's files are: `SCOUTS_HOME`, else `~/.scouts`, else — when only the
 * agent `npm start` runs in this checkout is up — `.scouts-dev/`.
 */
export async function agentHome(env: CliIo["env"]): Promise<string> {
  if (env.SCOUTS_HOME) return path.resolve(env.SCOUTS_HOME);
  const home = path.join(homedir(), ".scouts");
  const running = (dir: string) =>
    access(path.join(dir, "agent.json")).then(
      () => true,
      () => false,
    );
  return !(await running(home)) && (await running(devHome)) ? devHome : home;
}

/** Talks to the running agent over its loopback API with the CLI token it wrote (0600). */
export async function agentClient(io: CliIo) {
  const home = await agentHome(io.env);
  let port: number;
  let token: string;
  try {
    port = (JSON.parse(await readFile(path.join(home, "agent.json"), "utf8")) as { port: number }).port;
    token = (await readFile(path.join(home, "cli-token"), "utf8")).trim();
  } catch {
    throw new Error(
      `the agent is not running (no ${path.join(home, "agent.json")}): start it with \`npm start\` or \`scouts-agent run\``,
    );
  }
  const base = `http://127.0.0.1:${port}/local/v1`;
  async function call<T>(method: string, p: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${base}${p}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new Error(`the agent is not answering on 127.0.0.1:${port}`);
    }
    const json = (await res.json().catch(() => ({}))) as T & { error?: { message: string } };
    if (!res.ok) throw new Error(json.error?.message ?? `agent answered ${res.status}`);
    return json;
  }
  return {
    get: <T>(p: string) => call<T>("GET", p),
    post: <T>(p: string, b: unknown) => call<T>("POST", p, b),
  };
}
