import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readAgentConfig } from "../config.ts";

const node = path.resolve(import.meta.dirname, "../../node_modules/.bin/node");
const main = path.resolve(import.meta.dirname, "../main.ts");

describe("SCOUTS_LLM_BASE_URL follows the one local-endpoint rule", () => {
  it("takes a loopback endpoint", () => {
    expect(readAgentConfig({ SCOUTS_LLM_BASE_URL: "http://127.0.0.1:11434/v1" }).llm?.baseUrl).toBe(
      "http://127.0.0.1:11434/v1",
    );
  });

  it.each([
    ["http://10.0.0.5:11434/v1", "10.0.0.5 is not this machine"],
    ["http://localhost.evil.com/v1", "localhost.evil.com is not this machine"],
    ["http://0x7f.0.0.1/v1", 'not "0x7f.0.0.1"'],
    ["http://me@127.0.0.1/v1", "no user name or password"],
  ])("refuses %s, naming the variable and why", (url, why) => {
    expect(() => readAgentConfig({ SCOUTS_LLM_BASE_URL: url })).toThrow(
      /invalid agent configuration: SCOUTS_LLM_BASE_URL: the language model must be on this machine/,
    );
    expect(() => readAgentConfig({ SCOUTS_LLM_BASE_URL: url })).toThrow(why);
  });

  it("the agent refuses to start with a non-loopback endpoint, before it opens anything", () => {
    const home = mkdtempSync(path.join(tmpdir(), "scouts-config-"));
    try {
      const r = spawnSync(node, [main], {
        env: {
          ...process.env,
          SCOUTS_HOME: home,
          SCOUTS_AGENT_PORT: "0",
          SCOUTS_LLM_BASE_URL: "https://api.example.com/v1",
        },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(r.status).not.toBe(0);
      expect(r.stderr).toContain("SCOUTS_LLM_BASE_URL: the language model must be on this machine");
      expect(r.stdout).not.toContain("listening");
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
