/**
 * Triage local mail: `npm run -s triage -- <file.eml | dir | Maildir | mbox> [--raw-feed]`. Prints one JSON
 * line per message. Reads mail locally and sends nothing anywhere.
 *
 * This entry only turns on Node's on-disk compile cache before the pipeline's modules load
 * (static imports would load them first): later runs skip type stripping and parsing of the
 * ~100 modules. The cache holds compiled code of this repository, never mail.
 */
import module from "node:module";

module.enableCompileCache?.();
await import("./main.cli.ts");
