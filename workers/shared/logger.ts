import type { Logger } from "@scouts/core/ports";

/**
 * JSON lines on the console (Workers Logs picks them up). Callers pass ids, codes and counts
 * only; values are dropped unless they are short scalars, so a stray body cannot leak in full.
 * @example consoleLogger.log("info", "gmail_push_enqueued", { scoutId });
 */
export const consoleLogger: Logger = {
  log(level, event, fields = {}) {
    const line: Record<string, unknown> = { level, event };
    for (const [k, v] of Object.entries(fields)) {
      if (v === undefined) continue;
      line[k] = typeof v === "string" && v.length > 200 ? `${v.slice(0, 200)}…` : v;
    }
    const text = JSON.stringify(line);
    if (level === "error") console.error(text);
    else if (level === "warn") console.warn(text);
    else console.log(text);
  },
};

/** Collects log lines in memory (tests assert on codes and on the absence of secrets). */
export function createMemoryLogger(): Logger & { lines: { level: string; event: string; fields: object }[] } {
  const lines: { level: string; event: string; fields: object }[] = [];
  return { lines, log: (level, event, fields = {}) => lines.push({ level, event, fields }) };
}
