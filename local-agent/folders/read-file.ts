import { CoreError } from "@scouts/core/errors";
import type { ReadFileResponse } from "@scouts/core/folders/api";
import { readableKindForName, sizeCaps } from "@scouts/core/folders/kinds";
import { credentialPathReason, secretInText } from "@scouts/core/folders/secrets";
import { openInsideFolder } from "./confine.ts";
import type { FoldersDb } from "./db.ts";
import { extractDocxText, extractPdfText } from "./extract.ts";
import { findProject, getFolder } from "./projects-repo.ts";

/** Text answers are cut here: enough for a prompt, never a whole book. */
export const maxReadTextChars = 200_000;

/**
 * `read_project_folder_file`: the content of one file inside a project's linked folder — text
 * (size-capped; PDF and DOCX as extracted text) or a base64 PNG/JPEG — or `forbidden` naming
 * why the path was refused, or a clear message when the project has no folder.
 * @example await readProjectFolderFile({ ctx: { db }, input: { project: "Site", relativePath: "README.md" } })
 */
export async function readProjectFolderFile({
  ctx,
  input,
}: {
  ctx: { db: FoldersDb };
  input: { project: string; relativePath: string };
}): Promise<ReadFileResponse> {
  const project = await findProject(ctx.db, input.project);
  if (!project) throw new CoreError("not_found", `no project named "${input.project}"`);
  const folder = await getFolder(ctx.db, project.id);
  if (!folder) {
    throw new CoreError(
      "conflict",
      `project "${project.name}" has no linked folder; link one with: scouts-agent link "${project.name}" <path>`,
    );
  }
  const credential = credentialPathReason(input.relativePath);
  if (credential) throw new CoreError("forbidden", `refused: ${credential}; its content is never read`);
  const kind = readableKindForName(input.relativePath);
  const { handle, size } = await openInsideFolder(folder.path, input.relativePath);
  try {
    if (!kind) throw new CoreError("forbidden", "refused: this file type is not one the agent reads");
    if (size > sizeCaps[kind] && kind === "image") {
      throw new CoreError("payload_too_large", "refused: the image is larger than the 5 MB cap");
    }
    if (size > sizeCaps[kind] && (kind === "pdf" || kind === "docx")) {
      throw new CoreError(
        "payload_too_large",
        `refused: the ${kind.toUpperCase()} is larger than the 10 MB cap`,
      );
    }
    const cap = kind === "text" || kind === "code" ? Math.min(size, maxReadTextChars * 4) : size;
    const bytes = new Uint8Array(cap);
    let got = 0;
    while (got < cap) {
      const { bytesRead } = await handle.read(bytes, got, cap - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    const data = bytes.subarray(0, got);
    const base = { relativePath: input.relativePath, size };
    if (kind === "image") {
      const mime = input.relativePath.toLowerCase().endsWith(".png") ? "image/png" : "image/jpeg";
      return { type: "image", ...base, mime, base64: Buffer.from(data).toString("base64") };
    }
    if ((kind === "text" || kind === "code") && data.subarray(0, 8192).includes(0)) {
      throw new CoreError("forbidden", "refused: the file holds binary content, not text");
    }
    let text: string;
    if (kind === "pdf") text = (await extractPdfText(data, 50)).text;
    else if (kind === "docx") text = await extractDocxText(data);
    else text = new TextDecoder("utf-8").decode(data);
    const secret = secretInText(text);
    if (secret) {
      throw new CoreError(
        "forbidden",
        `refused: the file holds what looks like ${secret}; its content is never sent to a model or shown`,
      );
    }
    const truncated = text.length > maxReadTextChars || got < size;
    return { type: "text", ...base, content: text.slice(0, maxReadTextChars), truncated };
  } finally {
    await handle.close();
  }
}
