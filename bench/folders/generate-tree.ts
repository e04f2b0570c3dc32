import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { minimalDocx, minimalJpeg, minimalPdf, minimalPng } from "../../tests/folders/support/fixtures.ts";

/** The mix of the generated tree: mostly notes and code, some tables, images and documents. */
const mix = [
  ["md", 30],
  ["ts", 25],
  ["py", 10],
  ["txt", 10],
  ["csv", 8],
  ["png", 6],
  ["jpg", 5],
  ["pdf", 3],
  ["docx", 3],
] as const;

function content(ext: string, i: number): string | Uint8Array {
  switch (ext) {
    case "md":
      return `# Note ${i}\n\nMeeting notes about milestone ${i % 50}.\n\n## Actions\n- follow up ${i}\n${"Lorem ipsum dolor sit amet. ".repeat(20)}`;
    case "ts":
      return `/** Module ${i}: helpers for feature ${i % 40}. */\nexport function run${i}() { return ${i}; }\nexport const LIMIT_${i} = ${i};\n${"// filler\n".repeat(30)}`;
    case "py":
      return `"""Loader ${i}."""\ndef load_${i}(p):\n    return p\n\nclass Reader${i}:\n    pass\n`;
    case "txt":
      return `Plain text file ${i}\n${"some words here ".repeat(40)}`;
    case "csv":
      return `id,name,value\n${Array.from({ length: 50 }, (_, r) => `${r},row${r},${r * i}`).join("\n")}\n`;
    case "png":
      return minimalPng(100 + (i % 900), 100 + (i % 700));
    case "jpg":
      return minimalJpeg(640, 480, "2024:05:01 10:20:30");
    case "pdf":
      return minimalPdf(`Report number ${i}`);
    default:
      return minimalDocx([`Document ${i}`, "Body paragraph"]);
  }
}

/**
 * Writes `count` files of mixed kinds under `root` in nested folders (plus an ignored
 * node_modules tree), returning the relative paths written.
 * @example await generateTree("/tmp/tree", 10_000)
 */
export async function generateTree(root: string, count: number): Promise<string[]> {
  const weights = mix.reduce((n, [, w]) => n + w, 0);
  const written: string[] = [];
  for (let i = 0; i < count; i++) {
    let pick = (i * 37) % weights;
    let ext: string = mix[0][0];
    for (const [e, w] of mix) {
      if (pick < w) {
        ext = e;
        break;
      }
      pick -= w;
    }
    const rel = `area${i % 20}/topic${(i >> 5) % 25}/file${i}.${ext}`;
    await mkdir(path.join(root, path.dirname(rel)), { recursive: true });
    await writeFile(path.join(root, rel), content(ext, i));
    written.push(rel);
  }
  await mkdir(path.join(root, "node_modules/dep"), { recursive: true });
  await writeFile(path.join(root, "node_modules/dep/index.js"), "module.exports = 1;");
  return written;
}
