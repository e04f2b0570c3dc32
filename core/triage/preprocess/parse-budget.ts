import PostalMime from "postal-mime";

/**
 * Work caps that hold while postal-mime parses. One budget is shared by a parse and the
 * parsers of its inline message/rfc822 parts (postal-mime hands those `...this.mimeOptions`,
 * where the first line leaves it), so parts hidden in an encoded attachment count too. Over a
 * cap the parse throws "Maximum part count …" or "Parse time budget …". The counters are the
 * work done so far (tests check it stays bounded).
 */
export interface ParseBudget {
  maxParts: number;
  /** Checked every 1024 lines; a clock that does not move (workerd) leaves the other caps. */
  maxMs: number;
  now: () => number;
  started: number;
  parts: number;
  lines: number;
  /** Nodes seen current so far: a node not seen before is a new part. */
  nodes?: WeakSet<object>;
}
export const PARSE_BUDGET = Symbol.for("scouts.triage.parseBudget");

interface Parser {
  options: { [PARSE_BUDGET]?: ParseBudget };
  mimeOptions: { [PARSE_BUDGET]?: ParseBudget };
  currentNode: object;
  root: object;
}
const ORIGINAL = Symbol.for("scouts.triage.parseBudget.processLine");

/** Counts `n` lines read and checks the clock every 1024 lines. */
export function chargeLines(budget: ParseBudget, n: number): void {
  const before = budget.lines;
  budget.lines += n;
  if (before >>> 10 !== budget.lines >>> 10 && budget.now() - budget.started > budget.maxMs)
    throw new Error(`Parse time budget of ${budget.maxMs} ms exceeded`);
}

/**
 * Wraps postal-mime's `processLine`, which sees every delimiter line, whatever loop calls it
 * (stock or fast-lines.ts): it only adds the budget's checks, so it needs no source match and
 * holds in any bundle (workerd included). A part is counted when a line finds a current node
 * no line found before (a delimiter line made it; postal-mime finishes a line before the next).
 *
 * @example
 * installParseBudget(); // idempotent
 */
export function installParseBudget(): void {
  const proto = PostalMime.prototype as unknown as Record<string | symbol, unknown>;
  if (Object.hasOwn(proto, ORIGINAL) || typeof proto.processLine !== "function") return;
  const original = proto.processLine as (this: Parser, line: Uint8Array, isFinal: boolean) => Promise<void>;
  Object.defineProperty(proto, ORIGINAL, { value: original, configurable: true });
  proto.processLine = function processLine(this: Parser, line: Uint8Array, isFinal: boolean) {
    const budget = this.options[PARSE_BUDGET];
    if (budget) {
      // Handed on to the parsers of inline messages, which postal-mime creates after the lines.
      this.mimeOptions[PARSE_BUDGET] = budget;
      budget.nodes ??= new WeakSet();
      const nodes = budget.nodes;
      const node = this.currentNode;
      if (!nodes.has(node)) {
        nodes.add(node);
        // A parser's root is the message itself (or the part that holds an inline one).
        if (node !== this.root && ++budget.parts > budget.maxParts)
          throw new Error(`Maximum part count of ${budget.maxParts} exceeded`);
      }
      chargeLines(budget, 1);
    }
    return original.call(this, line, isFinal);
  };
}
