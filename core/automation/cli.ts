import { readFileSync } from "node:fs";
import { nativeRegistry } from "./registry/native.ts";
import { type EscapeMode, renderTemplate } from "./templates/engine.ts";
import { validateDefinition } from "./validate-definition.ts";

const usage = `usage:
  npm run -s automation -- validate <definition.json>
  npm run -s automation -- render <template-file> <context.json> [--escape text|html|mrkdwn]`;

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, "utf8"));
}

function validate(file: string): number {
  let doc: unknown;
  try {
    doc = readJson(file);
  } catch (e) {
    console.error(`(root) json: ${(e as Error).message}`);
    return 1;
  }
  const report = validateDefinition({ ctx: { registry: nativeRegistry() }, input: doc });
  for (const w of report.warnings) console.error(`warning ${w.path || "/"} ${w.rule}: ${w.message}`);
  if (report.ok) {
    console.log("ok");
    return 0;
  }
  for (const e of report.errors) console.log(`${e.path || "/"} ${e.rule}: ${e.message}`);
  return 1;
}

function render(templateFile: string, contextFile: string, mode: EscapeMode): number {
  try {
    const ctx = readJson(contextFile) as Record<string, unknown>;
    const scope = ctx && typeof ctx === "object" && "run" in ctx ? (ctx as { run: unknown }) : { run: ctx };
    process.stdout.write(renderTemplate(readFileSync(templateFile, "utf8"), scope, mode));
    return 0;
  } catch (e) {
    const code = (e as { code?: string }).code ?? "error";
    console.error(`${code}: ${(e as Error).message}`);
    return 1;
  }
}

const [cmd, ...args] = process.argv.slice(2);
const escapeAt = args.indexOf("--escape");
const mode = (escapeAt >= 0 ? args.splice(escapeAt, 2)[1] : "text") as EscapeMode;
if (cmd === "validate" && args.length === 1) process.exitCode = validate(args[0]!);
else if (cmd === "render" && args.length === 2 && ["text", "html", "mrkdwn"].includes(mode)) {
  process.exitCode = render(args[0]!, args[1]!, mode);
} else {
  console.error(usage);
  process.exitCode = 2;
}
