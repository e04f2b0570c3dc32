import { installFastJoin, uninstallFastJoin } from "@scouts/core/triage/preprocess/fast-join";
import { installFastLines, uninstallFastLines } from "@scouts/core/triage/preprocess/fast-lines";
import { MIME_LIMITS } from "@scouts/core/triage/preprocess/limits";
import { type ParseWork, parseEmail } from "@scouts/core/triage/preprocess/parse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostileCases } from "./hostile-mime.ts";
import { hostileMimeSuite } from "./hostile-mime-suite.ts";

hostileMimeSuite("hostile MIME: caps hold before and during parsing");

// The caps must not depend on the speed swaps, which only apply to postal-mime's exact source
// (a bundler that reprints it, as the workerd test pool does, leaves postal-mime's own loop).
describe("hostile MIME with postal-mime's own line loop", () => {
  beforeAll(() => {
    uninstallFastLines();
    uninstallFastJoin();
  });
  afterAll(() => {
    installFastLines();
    installFastJoin();
  });
  for (const c of hostileCases().filter((c) => !c.htmlLevel)) {
    it(c.name, async () => {
      const work: ParseWork = { parsed: false, lines: 0, parts: 0 };
      const r = await parseEmail(c.raw, Date.now, work);
      expect(r.ok ? "ok" : r.reason).toBe(c.expect);
      expect(work.parsed).toBe(c.parsed);
      expect(work.lines).toBeLessThanOrEqual(c.maxLines);
      expect(work.parts).toBeLessThanOrEqual(MIME_LIMITS.maxParts + 1);
    });
  }
});
