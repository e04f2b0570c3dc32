import { MIME_LIMITS } from "@scouts/core/triage/preprocess/limits";
import { type ParseWork, parseEmail } from "@scouts/core/triage/preprocess/parse";
import { preprocess } from "@scouts/core/triage/preprocess/preprocess";
import { createStage1Classifier } from "@scouts/core/triage/stage1";
import { describe, expect, it } from "vitest";
import { hostileCases, truncations } from "./hostile-mime.ts";

const REASONS = [
  "too_large",
  "too_many_parts",
  "too_deep",
  "headers_too_large",
  "time_exceeded",
  "parse_error",
  "empty",
];
const ref = { source: "demo" as const, id: "hostile" };

/**
 * The hostile-MIME suite, run in Node and in workerd: every generated case gets its verdict with
 * bounded work, truncations never throw, and the time budget stops a parse while it runs. Work is
 * asserted as counts (lines read, characters scanned), never as time: timings are in
 * bench/README.md ("## triage", hostile MIME).
 */
export function hostileMimeSuite(title: string) {
  describe(title, () => {
    const stage1 = createStage1Classifier();
    for (const c of hostileCases()) {
      it(c.name, async () => {
        const work: ParseWork = { parsed: false, lines: 0, parts: 0 };
        const r = await parseEmail(c.raw, Date.now, work);
        const parseExpect = c.htmlLevel ? "ok" : c.expect;
        expect(r.ok ? "ok" : r.reason).toBe(parseExpect);
        expect(work.parsed).toBe(c.parsed);
        expect(work.lines).toBeLessThanOrEqual(c.maxLines);
        expect(work.parts).toBeLessThanOrEqual(MIME_LIMITS.maxParts + 1);
        // The pre-scan is linear: a few looks at each character, whatever the shape.
        expect(work.scan!.work).toBeLessThanOrEqual(4 * c.raw.length + 16);
        if (c.contains && r.ok) expect(r.value.email.text).toContain(c.contains);
        const p = await preprocess({ kind: "email", ref, raw: c.raw });
        expect(p.ok ? "ok" : p.reason).toBe(c.expect);
        const v = await stage1.classify({ kind: "email", ref, raw: c.raw });
        if (c.expect === "ok") expect(v.verdict).not.toBe("unparseable");
        else expect(v).toMatchObject({ verdict: "unparseable", reason: `unparseable:${c.expect}` });
      });
    }

    it("a truncated multipart message, cut anywhere, gets a verdict and never throws", async () => {
      for (const raw of truncations(7)) {
        const p = await preprocess({ kind: "email", ref, raw });
        if (!p.ok) expect(REASONS).toContain(p.reason);
      }
    });

    it("stops a parse that runs past the time budget while it runs, not after", async () => {
      // A clock that jumps 600 ms each time it is read: past the 1 s budget at the second check.
      let t = 0;
      const clock = () => (t += 600);
      const raw = `Subject: long\n\n${"a line of text\n".repeat(10_000)}`;
      const work: ParseWork = { parsed: false, lines: 0, parts: 0 };
      expect(await parseEmail(raw, clock, work)).toEqual({ ok: false, reason: "time_exceeded" });
      expect(work.lines).toBe(2048);
    });
  });
}
