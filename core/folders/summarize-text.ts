export const maxSummaryChars = 500;

/** Collapses whitespace and cuts at `max` characters on a word boundary with an ellipsis. */
export function clipSummary(text: string, max = maxSummaryChars): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/**
 * Markdown and plain text: the headings, then the leading prose.
 * @example summarizeMarkdown("# Plan\n\nShip it.\n## Risks\n") // "Plan · Risks — Ship it."
 */
export function summarizeMarkdown(text: string): string {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const headings: string[] = [];
  const prose: string[] = [];
  let inFence = false;
  let inFrontMatter = lines[0]?.trim() === "---";
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (inFrontMatter) {
      if (i > 0 && line === "---") inFrontMatter = false;
      continue;
    }
    if (line.startsWith("```") || line.startsWith("~~~")) inFence = !inFence;
    if (inFence || line.startsWith("```")) continue;
    const h = /^#{1,6}\s+(.+?)\s*#*$/.exec(line);
    if (h) headings.push(h[1]!);
    else if (line && prose.join(" ").length < maxSummaryChars) prose.push(line.replace(/^[-*>]\s+/, ""));
  }
  const head = headings.slice(0, 8).join(" · ");
  const lead = prose.join(" ");
  return clipSummary(head && lead ? `${head} — ${lead}` : head || lead);
}

/**
 * CSV/TSV: the header row and how many data rows follow.
 * @example summarizeCsv("name,age\nAda,36\nAlan,41\n") // "columns: name, age — 2 rows"
 */
export function summarizeCsv(text: string): string {
  const rows = text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "");
  if (rows.length === 0) return "empty table";
  const header = rows[0]!;
  const sep =
    header.includes("\t") && !header.includes(",")
      ? "\t"
      : header.includes(";") && !header.includes(",")
        ? ";"
        : ",";
  const columns = header.split(sep).map((c) => c.trim().replace(/^"|"$/g, ""));
  const count = rows.length - 1;
  return clipSummary(`columns: ${columns.join(", ")} — ${count} row${count === 1 ? "" : "s"}`);
}

const exportPatterns: RegExp[] = [
  /^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let|var|interface|type|enum)\s+([A-Za-z_$][\w$]*)/,
  /^export\s+default\s+([A-Za-z_$][\w$]*)/,
  /^export\s*\{([^}]*)\}/,
  /^(?:pub(?:\([^)]*\))?\s+)(?:async\s+)?(?:fn|struct|enum|trait|mod|const|type)\s+([A-Za-z_]\w*)/,
  /^(?:async\s+)?def\s+([A-Za-z]\w*)|^class\s+([A-Za-z]\w*)/,
  /^func\s+(?:\([^)]*\)\s*)?([A-Z]\w*)/,
  /^public\s+(?:static\s+)?(?:final\s+)?(?:abstract\s+)?(?:class|interface|record|enum|[\w<>[\],\s]+)\s+([A-Za-z_]\w*)\s*[({]/,
  /^module\.exports\s*=\s*\{?([^}]*)/,
];

/** The first block comment or run of line comments: the module's doc comment. */
function leadingDocComment(text: string): string {
  const t = text
    .replace(/^\uFEFF/, "")
    .replace(/^#!.*\n/, "")
    .trimStart();
  const block = /^\/\*\*?([\s\S]*?)\*\//.exec(t);
  if (block) return block[1]!.replace(/^\s*\*\s?/gm, "").trim();
  const py = /^(?:"""|''')([\s\S]*?)(?:"""|''')/.exec(t);
  if (py) return py[1]!.trim();
  const lines: string[] = [];
  for (const line of t.split(/\r?\n/)) {
    const m = /^\s*(?:\/\/\/?|#|--)\s?(.*)$/.exec(line);
    if (!m) break;
    lines.push(m[1]!);
  }
  return lines.join(" ").trim();
}

/**
 * Code: the module's doc comment and its exported names (TS/JS, Python, Rust, Go, Java-like).
 * @example summarizeCode("/** Auth helpers. *\/\nexport function signIn() {}") // "Auth helpers. — exports: signIn"
 */
export function summarizeCode(text: string): string {
  const doc = leadingDocComment(text);
  const names: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    for (const re of exportPatterns) {
      const m = re.exec(line);
      if (!m) continue;
      const found = (m[1] ?? m[2] ?? "")
        .split(",")
        .map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop()!
            .trim(),
        )
        .filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
      for (const n of found) if (!names.includes(n)) names.push(n);
      break;
    }
    if (names.length >= 30) break;
  }
  const exportsPart = names.length ? `exports: ${names.join(", ")}` : "";
  const fallback =
    text
      .split(/\r?\n/)
      .find((l) => l.trim())
      ?.trim() ?? "";
  return clipSummary([doc, exportsPart].filter(Boolean).join(" — ") || fallback);
}

/**
 * A one-line summary for text content by kind and name: CSV, Markdown/text or code.
 * @example summarizeTextContent("a.csv", "code", "x,y\n1,2") // "columns: x, y — 1 row"
 */
export function summarizeTextContent(name: string, kind: "text" | "code", text: string): string {
  const lower = name.toLowerCase();
  if (lower.endsWith(".csv") || lower.endsWith(".tsv")) return summarizeCsv(text);
  return kind === "code" ? summarizeCode(text) : summarizeMarkdown(text);
}

/** Extracted document text (PDF, DOCX): its leading text, clipped. */
export function summarizeDocumentText(text: string, pages?: number): string {
  const body = clipSummary(text, maxSummaryChars - 20);
  const prefix = pages ? `${pages} page${pages === 1 ? "" : "s"}: ` : "";
  return clipSummary(`${prefix}${body || "no extractable text"}`);
}
