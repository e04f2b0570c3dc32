import type { EscapeMode } from "../templates/engine.ts";
import { renderTemplate } from "../templates/engine.ts";
import { isTemplate } from "../templates/validate-template.ts";

/**
 * Renders every template string inside a step's `with`, keeping literals as they are. A value that
 * is exactly one `{{ expr }}` keeps its JSON type (a number stays a number) when it parses as JSON,
 * except in fields the action declares as strings.
 * @example renderWith({ n: "{{ run.inputs.n }}" }, { run: { inputs: { n: 3 } } }, {}) // { n: 3 }
 */
export function renderWith(
  value: unknown,
  scope: { run: unknown },
  modes: Record<string, EscapeMode>,
  stringFields: ReadonlySet<string> = new Set(),
  field = "",
): unknown {
  if (typeof value === "string") {
    if (!isTemplate(value)) return value;
    const mode = modes[field] ?? "text";
    const out = renderTemplate(value, scope, mode);
    if (mode === "text" && !stringFields.has(field) && /^\{\{[^{}]*\}\}$/.test(value.trim())) {
      try {
        return JSON.parse(out);
      } catch {
        return out;
      }
    }
    return out;
  }
  if (Array.isArray(value)) return value.map((v) => renderWith(v, scope, modes, stringFields, field));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = renderWith(v, scope, modes, stringFields, field || k);
    return out;
  }
  return value;
}
