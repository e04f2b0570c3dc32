// Spawned by hostile-templates.test.ts under `node --disallow-code-generation-from-strings`.
import { runHostileCorpus } from "./run-corpus.ts";

let codegenBlocked = false;
try {
  new Function("return 1")();
} catch {
  codegenBlocked = true;
}
const started = performance.now();
const report = runHostileCorpus();
process.stdout.write(JSON.stringify({ ...report, codegenBlocked, elapsedMs: performance.now() - started }));
