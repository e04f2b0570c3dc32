// Child process for the crash test: scans a project and SIGKILLs itself after N summaries.
import { createFoldersContext } from "../../../local-agent/folders/context.ts";
import { openFoldersDb } from "../../../local-agent/folders/db.ts";
import { startScan } from "../../../local-agent/folders/scanner.ts";
import { createLocalSummarizer } from "../../../local-agent/folders/summarize.ts";

const [dbUrl, projectId, crashAfter] = process.argv.slice(2);
const { db } = await openFoldersDb(dbUrl!);
const real = createLocalSummarizer();
let n = 0;
const ctx = createFoldersContext({
  db,
  overrides: {
    summarize: async (f) => {
      if (++n > Number(crashAfter)) process.kill(process.pid, "SIGKILL");
      return real(f);
    },
  },
});
await startScan({ ctx, input: { projectId: projectId! } }).scan;
