/**
 * Triage local mail: `npm run -s triage -- <file.eml | dir | Maildir | mbox> [--raw-feed]`. Prints one JSON
 * line per message. Reads mail locally and sends nothing anywhere.
 *
 * This entry runs the prebuilt bundle of `main.cli.ts` when `npm run build` made one from exactly
 * the sources on disk (`bundle.cli.ts`), else the sources, and turns on Node's on-disk compile
 * cache first (static imports would load the pipeline before it). The cache holds compiled code
 * of this repository, never mail.
 */
import module from "node:module";
import { pathToFileURL } from "node:url";
import { currentBundle } from "./bundle.cli.ts";

module.enableCompileCache?.();
const bundle = currentBundle(import.meta.dirname);
await import(bundle ? pathToFileURL(bundle).href : "./main.cli.ts");
