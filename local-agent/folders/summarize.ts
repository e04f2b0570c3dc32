import { isCoreError } from "@scouts/core/errors";
import { type ContentKind, sizeCaps } from "@scouts/core/folders/kinds";
import { credentialPathReason, secretInText } from "@scouts/core/folders/secrets";
import {
  clipSummary,
  summarizeDocumentText,
  summarizeTextContent,
} from "@scouts/core/folders/summarize-text";
import { openInsideFolder } from "./confine.ts";
import { describeImage, extractDocxText, extractPdfText } from "./extract.ts";
import type { FileRow } from "./files-repo.ts";

/** The file a summarizer is asked about (already `stat`ed by the walk). */
export interface FileToSummarize {
  /** The linked folder's real path (resolved at link time): the file is opened by handle under it. */
  root: string;
  absolutePath: string;
  relativePath: string;
  kind: ContentKind;
  size: number;
  mtimeMs: number;
}

export type Summarizer = (file: FileToSummarize) => Promise<FileRow>;

/** Text handed to an optional local language model instead of the built-in extractors. */
export type TextSummarizer = (input: {
  relativePath: string;
  kind: ContentKind;
  text: string;
}) => Promise<string>;

const mb = (n: number) => `${Math.round(n / 100_000) / 10} MB`;

async function readCapped(root: string, relativePath: string, cap: number): Promise<Uint8Array> {
  // Same confinement as `read`: no path re-resolution between the walk and this read.
  const { handle } = await openInsideFolder(root, relativePath);
  try {
    const buf = new Uint8Array(cap);
    let total = 0;
    while (total < cap) {
      const { bytesRead } = await handle.read(buf, total, cap - total, total);
      if (bytesRead === 0) break;
      total += bytesRead;
    }
    return buf.subarray(0, total);
  } finally {
    await handle.close();
  }
}

function looksBinary(bytes: Uint8Array): boolean {
  const n = Math.min(bytes.length, 8192);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) return true;
  return false;
}

function errorReason(e: unknown): string {
  if (isCoreError(e) && e.code === "not_found") return "file vanished during the scan";
  const code = (e as NodeJS.ErrnoException).code;
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOENT") return "file vanished during the scan";
  if (code === "EISDIR") return "not a regular file";
  return clipSummary(e instanceof Error ? e.message : String(e), 200);
}

/** Extracts the text a summary is made from; images have no text. */
async function contentText(
  file: FileToSummarize,
  bytes: Uint8Array,
): Promise<{ text: string; pages?: number }> {
  if (file.kind === "pdf") return extractPdfText(bytes);
  if (file.kind === "docx") return { text: await extractDocxText(bytes) };
  return { text: new TextDecoder("utf-8").decode(bytes) };
}

/**
 * The on-device summarizer: enforces the per-kind size cap (1 MB text, 5 MB images) before
 * reading, skips binary content, and turns read or parse failures into `error` rows.
 * With `llm`, text-bearing files are summarized by that local model (falling back on failure).
 * @example const summarize = createLocalSummarizer(); await summarize(file)
 */
export function createLocalSummarizer(opts: { llm?: TextSummarizer } = {}): Summarizer {
  return async (file) => {
    const base = {
      relativePath: file.relativePath,
      size: file.size,
      mtimeMs: file.mtimeMs,
      summarizer: null,
    };
    const credential = credentialPathReason(file.relativePath);
    if (credential) {
      return {
        ...base,
        kind: "skipped",
        status: "skipped",
        summary: "",
        reason: `${credential}: never read`,
      };
    }
    const cap = sizeCaps[file.kind];
    if (file.size > cap) {
      return {
        ...base,
        kind: "skipped",
        status: "skipped",
        summary: "",
        reason: `larger than the ${mb(cap)} cap for ${file.kind} files`,
      };
    }
    try {
      const bytes = await readCapped(file.root, file.relativePath, cap);
      if (file.kind === "image") {
        return {
          ...base,
          kind: "image",
          status: "indexed",
          summary: clipSummary(await describeImage(bytes)),
          reason: null,
          summarizer: "local",
        };
      }
      if ((file.kind === "text" || file.kind === "code") && looksBinary(bytes)) {
        return { ...base, kind: "skipped", status: "skipped", summary: "", reason: "binary content" };
      }
      const { text, pages } = await contentText(file, bytes);
      const secret = secretInText(text);
      if (secret) {
        // Kept out of the summary, the manifest and any local-model prompt.
        return {
          ...base,
          kind: "skipped",
          status: "skipped",
          summary: "",
          reason: `holds what looks like ${secret}: content withheld`,
        };
      }
      if (opts.llm && text.trim()) {
        try {
          const summary = clipSummary(
            await opts.llm({ relativePath: file.relativePath, kind: file.kind, text }),
          );
          if (summary)
            return { ...base, kind: file.kind, status: "indexed", summary, reason: null, summarizer: "llm" };
        } catch {
          // The local model is optional: the built-in summary below is always available.
        }
      }
      const summary =
        file.kind === "pdf" || file.kind === "docx"
          ? summarizeDocumentText(text, pages)
          : summarizeTextContent(file.relativePath, file.kind, text);
      return { ...base, kind: file.kind, status: "indexed", summary, reason: null, summarizer: "local" };
    } catch (e) {
      return { ...base, kind: "error", status: "error", summary: "", reason: errorReason(e) };
    }
  };
}
