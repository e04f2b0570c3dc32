import { Context, Liquid, toValueSync } from "liquidjs";
import { CoreError } from "../../errors.ts";
import { allowedFilters, allowedTags, escapeHtml, escapeMrkdwn } from "./filters.ts";
import { templateLimits } from "./limits.ts";

/** How interpolated values are escaped: the literal template text is never touched. */
export type EscapeMode = "text" | "html" | "mrkdwn";

type Template = ReturnType<Liquid["parse"]>;

/** Non-strings render as JSON so `{{ run.steps.a.output }}` shows data, not `[object Object]`. */
function toText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined || value === null) return "";
  const json = JSON.stringify(value);
  return json === undefined ? "" : json;
}

function buildEngine(mode: EscapeMode): Liquid {
  const escapeValue = mode === "html" ? escapeHtml : mode === "mrkdwn" ? escapeMrkdwn : (s: string) => s;
  const liquid = new Liquid({
    strictFilters: true,
    strictVariables: true,
    // Undefined stays an error except where the template says what to do about it: `if` and `default`.
    lenientIf: true,
    ownPropertyOnly: true,
    // An empty in-memory template map: include/render/layout can never reach a file system.
    templates: {},
    parseLimit: templateLimits.maxSourceBytes,
    renderLimit: templateLimits.renderMs,
    memoryLimit: templateLimits.memoryLimit,
    timezoneOffset: 0,
    outputEscape: (v: unknown) => escapeValue(toText(v)),
  });
  liquid.registerFilter("json", (v: unknown) => toText(v === undefined ? null : v));
  liquid.registerFilter("mrkdwn_escape", (v: unknown) => escapeMrkdwn(toText(v)));
  const keepFilters = new Set<string>(allowedFilters);
  for (const name of Object.keys(liquid.filters)) if (!keepFilters.has(name)) liquid.unregisterFilter(name);
  const keepTags = new Set<string>(allowedTags);
  const tags = liquid.tags as Record<string, unknown>;
  for (const name of Object.keys(tags)) if (!keepTags.has(name)) delete tags[name];
  return liquid;
}

const engines = new Map<EscapeMode, Liquid>();

/** One engine per escape mode per isolate (parsing is the only per-call cost). */
export function templateEngine(mode: EscapeMode = "text"): Liquid {
  let e = engines.get(mode);
  if (!e) {
    e = buildEngine(mode);
    engines.set(mode, e);
  }
  return e;
}

function byteLength(s: string): number {
  return new TextEncoder().encode(s).length;
}

/** Parses with the sandbox's rules; throws bad_input naming the problem. */
export function parseTemplate(source: string, mode: EscapeMode = "text"): Template {
  if (byteLength(source) > templateLimits.maxSourceBytes) {
    throw new CoreError("bad_input", `template is larger than ${templateLimits.maxSourceBytes} bytes`, {
      details: { rule: "max_source_bytes" },
    });
  }
  try {
    return templateEngine(mode).parse(source);
  } catch (e) {
    throw new CoreError("bad_input", `template does not parse: ${(e as Error).message}`, {
      details: { rule: "parse" },
    });
  }
}

class CappedEmitter {
  buffer = "";
  write(html: unknown): void {
    this.buffer += toText(html);
    if (this.buffer.length > templateLimits.maxOutputChars) {
      throw new CoreError(
        "payload_too_large",
        `template output is over ${templateLimits.maxOutputChars} characters`,
      );
    }
  }
}

/** Counts node renders and wall time; LiquidJS calls `check` before every node it renders. */
function renderGuard(now: () => number) {
  const deadline = now() + templateLimits.renderMs;
  let renders = 0;
  return {
    check(): void {
      renders++;
      if (renders > templateLimits.maxNodeRenders || now() > deadline) {
        throw new CoreError("timeout", "template render limit exceeded");
      }
    },
  };
}

/**
 * Renders an untrusted template with the production sandbox and caps: the only way automation
 * code (and the assistant's reply templates) render templates. `scope` is `{ run: ... }` for
 * automations; errors are CoreErrors (bad_input, timeout,
 * payload_too_large), never a partial output.
 * @example renderTemplate("Hi {{ run.inputs.name | upcase }}", { run: { inputs: { name: "ada" } } }) // "Hi ADA"
 */
export function renderTemplate(
  source: string,
  scope: { run: unknown } | Record<string, unknown>,
  mode: EscapeMode = "text",
): string {
  const tpl = parseTemplate(source, mode);
  const liquid = templateEngine(mode);
  const clock = typeof performance !== "undefined" ? () => performance.now() : () => Date.now();
  const ctx = new Context(scope, liquid.options, {}, { liquid, renderLimit: renderGuard(clock) as never });
  const out = new CappedEmitter();
  try {
    toValueSync(liquid.renderer.renderTemplates(tpl, ctx, out as never));
  } catch (e) {
    throw asTemplateError(e);
  }
  return out.buffer;
}

function asTemplateError(e: unknown): CoreError {
  let cur: unknown = e;
  for (let i = 0; i < 5 && cur; i++) {
    if (cur instanceof CoreError) return cur;
    cur = (cur as { originalError?: unknown }).originalError ?? (cur as { cause?: unknown }).cause;
  }
  const message = e instanceof Error ? e.message : String(e);
  if (/memory alloc limit exceeded/.test(message)) {
    return new CoreError("payload_too_large", "template memory limit exceeded");
  }
  if (/render limit exceeded/.test(message))
    return new CoreError("timeout", "template render limit exceeded");
  return new CoreError("bad_input", `template failed: ${message.slice(0, 300)}`);
}
