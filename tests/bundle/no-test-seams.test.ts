import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..", "..");
const out = mkdtempSync(path.join(tmpdir(), "scouts-bundle-"));

/** The Worker exactly as `npm run build` / `npm run deploy` bundle it (nothing uploaded). */
function buildWorker(): string {
  // wrangler.toml serves web/dist and refuses a missing directory; the bundle does not need the PWA.
  mkdirSync(path.join(root, "web", "dist"), { recursive: true });
  const res = spawnSync(
    path.join(root, "node_modules", ".bin", "wrangler"),
    ["deploy", "--dry-run", "--outdir", out],
    {
      cwd: root,
      encoding: "utf8",
      env: {
        ...process.env,
        PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`,
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_SEND_METRICS: "false",
      },
    },
  );
  if (res.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${res.stdout}\n${res.stderr}`);
  return readdirSync(out)
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(path.join(out, f), "utf8"))
    .join("\n");
}

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("the production Worker bundle", () => {
  it("holds no test seam: the test entry and its overrides stay out of the deployed code", () => {
    const bundle = buildWorker();
    expect(bundle.length).toBeGreaterThan(100_000);
    // Sanity: the bundle is the real Worker (its composition root is in it).
    expect(bundle).toContain("createPipelineCtx");
    for (const seam of ["testOverrides", "automationTestOverrides", "resetTestOverrides", "workers/test/"]) {
      expect(bundle.includes(seam), `bundle mentions ${seam}`).toBe(false);
    }
  }, 120_000);
});
