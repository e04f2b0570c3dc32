import type { FileKind } from "./kinds.ts";

export interface ManifestBlockFile {
  relativePath: string;
  kind: FileKind;
  summary: string;
  mtimeMs: number;
}

/** Rough token count for budgeting prompt text (~4 characters per token). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** One prompt line: a summary can never start a new line or carry control characters. */
export function manifestLine(file: ManifestBlockFile): string {
  const clean = (s: string) =>
    s
      .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim();
  const summary = clean(file.summary);
  return `${clean(file.relativePath)} [${file.kind}]${summary ? ` ${summary}` : ""}`;
}

const byRecency = (a: ManifestBlockFile, b: ManifestBlockFile) =>
  b.mtimeMs - a.mtimeMs || a.relativePath.localeCompare(b.relativePath);

const omittedLine = (n: number) => `… ${n} more file${n === 1 ? "" : "s"} omitted`;

/**
 * The manifest block injected into prompts: `relativePath [kind] summary` lines, most recently
 * modified first, cut at `maxTokens` (default 3,000) with a final "… N more files omitted".
 * Skipped and error rows carry no content and are left out.
 * @example formatManifestBlock({ files: [{ relativePath: "a.md", kind: "text", summary: "Plan", mtimeMs: 1 }] })
 * // "a.md [text] Plan"
 */
export function formatManifestBlock(input: {
  files: readonly ManifestBlockFile[];
  maxTokens?: number;
  maxFiles?: number;
}): string {
  const maxTokens = input.maxTokens ?? 3_000;
  const files = input.files.filter((f) => f.kind !== "skipped" && f.kind !== "error").sort(byRecency);
  const lines: string[] = [];
  let usedChars = 0;
  const limit = Math.min(files.length, input.maxFiles ?? files.length);
  for (let i = 0; i < limit; i++) {
    const line = manifestLine(files[i]!);
    const remaining = files.length - i - 1;
    const reserve = remaining > 0 ? omittedLine(remaining).length + 1 : 0;
    const next = usedChars + (lines.length ? 1 : 0) + line.length;
    if (Math.ceil((next + reserve) / 4) > maxTokens) break;
    lines.push(line);
    usedChars = next;
  }
  const omitted = files.length - lines.length;
  if (omitted > 0) lines.push(omittedLine(omitted));
  return lines.join("\n");
}

/**
 * The multi-project variant: a heading per project and its 5 most recent files, the whole block
 * still capped at `maxTokens`; projects with no content files say so.
 * @example formatMultiProjectManifestBlock({ projects: [{ name: "Site", files }] })
 * // "## Site\nindex.md [text] Home page\n… 12 more files omitted"
 */
export function formatMultiProjectManifestBlock(input: {
  projects: readonly { name: string; files: readonly ManifestBlockFile[] }[];
  perProject?: number;
  maxTokens?: number;
}): string {
  const perProject = input.perProject ?? 5;
  const maxTokens = input.maxTokens ?? 3_000;
  const budget = Math.max(60, Math.floor(maxTokens / Math.max(1, input.projects.length)));
  const sections = input.projects.map((p) => {
    const heading = `## ${p.name.replace(/\s+/g, " ").trim()}`;
    const block = formatManifestBlock({
      files: p.files,
      maxFiles: perProject,
      maxTokens: budget - estimateTokens(heading),
    });
    return `${heading}\n${block || "(no indexed files)"}`;
  });
  const out: string[] = [];
  let used = 0;
  for (const [i, s] of sections.entries()) {
    const cost = estimateTokens(`${s}\n\n`);
    if (used + cost > maxTokens) {
      out.push(`… ${sections.length - i} more projects omitted`);
      break;
    }
    out.push(s);
    used += cost;
  }
  return out.join("\n\n");
}
