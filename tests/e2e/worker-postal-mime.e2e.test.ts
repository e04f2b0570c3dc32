import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { canonicalSource } from "../../core/triage/preprocess/method-match.ts";
import { workerBundleInto } from "../support/shared-builds.ts";

const dir = mkdtempSync(path.join(tmpdir(), "worker-postal-mime-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A method's text in a class of the (unminified) bundle: its header to the brace that closes it. */
function methodText(bundle: string, className: string, method: string): string {
  const at = new RegExp(`\\nvar ${className}\\d* = class\\b`).exec(bundle)?.index;
  if (at === undefined) throw new Error(`class ${className} not in the bundle`);
  const header = new RegExp(`\\n  (?:async )?${method}\\(`, "g");
  header.lastIndex = at;
  const start = header.exec(bundle)?.index ?? -1;
  const next = bundle.indexOf("\nvar ", at + 1);
  if (start < 0 || (next >= 0 && start > next)) throw new Error(`${className}.${method} not in the bundle`);
  let depth = 0;
  let quote = "";
  for (let i = bundle.indexOf("{", start); i < bundle.length; i++) {
    const c = bundle[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return bundle.slice(start + 1, i + 1);
  }
  throw new Error(`${className}.${method} never closes`);
}

describe("the deployed Worker bundle (wrangler deploy --dry-run)", () => {
  it("holds postal-mime's methods exactly as the swaps' 4.0.0 copies, so the swaps apply in the Worker", () => {
    workerBundleInto(dir);
    const bundle = readFileSync(path.join(dir, "index.js"), "utf8");
    const canon = (cls: string, m: string) => {
      const c = canonicalSource(methodText(bundle, cls, m));
      expect(c, `${cls}.${m}`).toBeDefined();
      return c;
    };
    expect(canon("PostalMime", "readLine")).toBe(canon("PostalMime400", "readLine"));
    expect(canon("PostalMime", "parse")).toBe(canon("PostalMime400", "parse"));
    expect(canon("PassThroughDecoder", "finalize")).toBe(canon("PassThrough400", "finalize"));
    expect(canon("Base64Decoder", "finalize")).toBe(canon("Base64400", "finalize"));
    expect(canon("QPDecoder", "finalize")).toBe(canon("Qp400", "finalize"));
    // And not merely alike: each decoder's copy differs from the others'.
    expect(canon("Base64Decoder", "finalize")).not.toBe(canon("Qp400", "finalize"));
    expect(canon("PassThroughDecoder", "finalize")).not.toBe(canon("Base64400", "finalize"));
  });
});
