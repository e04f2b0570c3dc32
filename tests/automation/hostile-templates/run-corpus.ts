import { renderTemplate } from "@scouts/core/automation/templates/engine";
import { isCoreError } from "@scouts/core/errors";
import { hostileTemplates } from "./corpus.ts";

export interface CaseResult {
  name: string;
  ok: boolean;
  detail: string;
}

function prototypeFingerprint(): string {
  const protos = [Object.prototype, Array.prototype, String.prototype, Function.prototype, Number.prototype];
  return protos.map((p) => Object.getOwnPropertyNames(p).sort().join(",")).join("|");
}

/**
 * Runs the hostile corpus with the production sandbox; pure so it runs in workerd and in Node
 * (under --disallow-code-generation-from-strings). Also reports whether any prototype changed.
 */
export function runHostileCorpus(): { results: CaseResult[]; prototypesUnchanged: boolean } {
  const before = prototypeFingerprint();
  const results: CaseResult[] = [];
  for (const c of hostileTemplates) {
    const scope = { run: c.run ? c.run() : { name: "ada", obj: { a: 1 }, items: [1, 2, 3] } };
    let out: string | undefined;
    let code: string | undefined;
    try {
      out = renderTemplate(c.template, scope, c.mode ?? "text");
    } catch (e) {
      code = isCoreError(e) ? e.code : `non-core:${(e as Error).message}`;
    }
    if ("fails" in c.expect) {
      const ok = code !== undefined && c.expect.fails.includes(code);
      results.push({ name: c.name, ok, detail: code ?? `rendered ${JSON.stringify(out?.slice(0, 80))}` });
    } else {
      const ok = out !== undefined && c.expect.safe(out);
      results.push({ name: c.name, ok, detail: code ?? JSON.stringify(out?.slice(0, 80)) });
    }
  }
  const polluted = ({} as Record<string, unknown>).polluted !== undefined;
  return { results, prototypesUnchanged: !polluted && before === prototypeFingerprint() };
}
