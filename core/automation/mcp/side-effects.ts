import type { SideEffect } from "../registry/types.ts";

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

const readNames = /^(get|list|read|search|find|fetch|lookup|query|describe|show|count)([_\-.]|[A-Z]|$)/i;
const deleteNames =
  /(^|[_\-.])(delete|remove|destroy|drop|purge|erase)([_\-.]|$)|^(delete|remove|destroy|drop|purge)/i;
const sendNames =
  /(^|[_\-.])(send|post|publish|email|notify|message|tweet|reply)([_\-.]|$)|^(send|post|publish|email|notify)/i;

/**
 * Side effects of a harvested MCP tool: annotations first (`readOnlyHint`, `destructiveHint`,
 * `openWorldHint`), then the tool's name; unknown tools are treated as writes. An admin override
 * stored with the tool replaces this.
 * @example inferSideEffects("delete_file", {}) // ["WRITE", "IRREVERSIBLE"]
 */
export function inferSideEffects(name: string, annotations: ToolAnnotations | undefined): SideEffect[] {
  const a = annotations ?? {};
  const out = new Set<SideEffect>();
  if (a.readOnlyHint === true) out.add("READ");
  else if (readNames.test(name) && a.destructiveHint !== true) out.add("READ");
  else {
    out.add("WRITE");
    if (a.destructiveHint === true || (a.destructiveHint === undefined && deleteNames.test(name)))
      out.add("IRREVERSIBLE");
  }
  if (sendNames.test(name)) {
    out.delete("READ");
    out.add("EXTERNAL_WRITE");
    out.add("USER_VISIBLE");
  }
  if (a.openWorldHint === true && !out.has("READ")) out.add("EXTERNAL_WRITE");
  return [...out];
}
