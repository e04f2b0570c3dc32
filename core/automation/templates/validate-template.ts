import { analyzeSync } from "liquidjs";
import { isCoreError } from "../../errors.ts";
import { type EscapeMode, parseTemplate } from "./engine.ts";

export interface TemplateIssue {
  rule: string;
  message: string;
}

const forbidden = new Set(["__proto__", "constructor", "prototype"]);

type Segment = string | number | { segments: Segment[] };

function segmentProblems(segments: Segment[]): string[] {
  const out: string[] = [];
  for (const seg of segments) {
    if (typeof seg === "string" && (seg.startsWith("_") || forbidden.has(seg))) {
      out.push(`attribute "${seg}" is not allowed`);
    } else if (typeof seg === "object" && seg !== null) {
      out.push(...segmentProblems(seg.segments));
    }
  }
  return out;
}

/**
 * Save-time checks for one template: it parses under the sandbox (unknown filters and tags
 * fail), reads only the `run.*` namespace, and names no underscore or prototype attribute.
 * @example validateTemplate("{{ run.__proto__ }}") // [{ rule: "attribute", ... }]
 */
export function validateTemplate(source: string, mode: EscapeMode = "text"): TemplateIssue[] {
  let tpl: ReturnType<typeof parseTemplate>;
  try {
    tpl = parseTemplate(source, mode);
  } catch (e) {
    const rule = isCoreError(e) && typeof e.details?.rule === "string" ? e.details.rule : "parse";
    return [{ rule, message: (e as Error).message }];
  }
  const issues: TemplateIssue[] = [];
  const analysis = analyzeSync(tpl);
  for (const name of Object.keys(analysis.globals)) {
    if (name !== "run") issues.push({ rule: "namespace", message: `variable "${name}" is not under run.*` });
  }
  for (const uses of Object.values(analysis.variables)) {
    for (const v of uses) {
      for (const message of segmentProblems(v.segments as Segment[]))
        issues.push({ rule: "attribute", message });
    }
  }
  return dedupe(issues);
}

function dedupe(issues: TemplateIssue[]): TemplateIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const k = `${i.rule}:${i.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Whether a string is a template (holds Liquid markup) rather than a literal. */
export function isTemplate(s: string): boolean {
  return s.includes("{{") || s.includes("{%");
}
