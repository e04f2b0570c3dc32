import type { Plugin } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { installFastJoin, uninstallFastJoin } from "../../core/triage/preprocess/fast-join.ts";
import { installFastLines, uninstallFastLines } from "../../core/triage/preprocess/fast-lines.ts";
import { parseEmail } from "../../core/triage/preprocess/parse.ts";
import { bundleWorkerParser } from "../../scripts/triage/bundle-worker-parser.ts";
import { sample } from "./cli-golden.ts";
import { hostileCases } from "./hostile-mime.ts";

/** A parse outcome as bytes: the headers map as entries, every other field as JSON has it. */
const bytesOf = (outcome: unknown) =>
  JSON.stringify(outcome, (_k, v) =>
    v instanceof Map ? [...v] : v instanceof ArrayBuffer ? [...new Uint8Array(v)] : v,
  );

// The golden sample plus malformed shapes: empty, binary junk, an mbox envelope, no header
// break, lone CRs, an unclosed multipart, a base64 part with junk, and the hostile-MIME suite's messages.
const inputs = (): string[] => [
  ...sample().map(([, raw]) => raw),
  "",
  "\u0000\u00ff\u0001garbage",
  "From x@y Thu Jan  1 00:00:00 2026\nSubject: hi\n\nbody\n",
  "Subject: only a header line",
  "Subject: cr\r\r\rbody\r\rmore\r",
  'Content-Type: multipart/mixed; boundary="u"\r\n\r\n--u\r\nContent-Type: text/plain\r\n\r\nnever closed\r\n',
  'Content-Type: multipart/mixed; boundary="b"\n\n--b\nContent-Transfer-Encoding: base64\n\n!!@@##\n--b\nContent-Transfer-Encoding: quoted-printable\n\n=ZZ=\n--b--\n',
  ...hostileCases().map((c) => c.raw),
];

// Subtle edits of postal-mime's own code, as a patched or newer release might ship them.
const editPostalMime: Plugin = {
  name: "edit-postal-mime",
  setup(b) {
    b.onLoad(
      { filter: /postal-mime[\\/]dist[\\/]esm[\\/](postal-mime|base64-decoder)\.js$/ },
      async (args) => {
        const { readFileSync } = await import("node:fs");
        const src = readFileSync(args.path, "utf8");
        const edited = args.path.endsWith("base64-decoder.js")
          ? src.replace("{ type: 'application/octet-stream' }", "{ type: 'application/octet-streams' }")
          : src.replace("done: this.readPos >= this.av.length", "done: this.readPos > this.av.length");
        if (edited === src) throw new Error(`the edit found nothing to change in ${args.path}`);
        return { contents: edited, loader: "js" };
      },
    );
  },
};

describe("postal-mime's swaps in a Worker-style bundle (esbuild as wrangler runs it)", () => {
  afterAll(() => {
    installFastLines();
    installFastJoin();
  });

  for (const minify of [false, true]) {
    it(`apply with postal-mime inlined${minify ? ", minified" : ""}, and parse byte for byte as the sources`, async () => {
      const { parser, inputs: files } = await bundleWorkerParser({ minify });
      expect(files.some((f) => f.includes("node_modules/postal-mime/"))).toBe(true);
      // parse.ts installed both at load; a repeat says how many hold.
      expect(parser.installFastLines()).toBe(2);
      expect(parser.installFastJoin()).toBe(3);

      const raws = inputs();
      const bundled: string[] = [];
      for (const raw of raws) bundled.push(bytesOf(await parser.parseEmail(raw, () => 0)));
      // The reference: the sources with postal-mime's own methods (what every bundle ran before).
      uninstallFastLines();
      uninstallFastJoin();
      try {
        for (const [n, raw] of raws.entries())
          expect(bundled[n], `input ${n}`).toBe(bytesOf(await parseEmail(raw, () => 0)));
      } finally {
        installFastLines();
        installFastJoin();
      }
      expect(raws.length).toBeGreaterThan(200);
    }, 120_000);

    it(`leave an edited postal-mime method alone${minify ? ", minified" : ""}`, async () => {
      const { parser } = await bundleWorkerParser({ minify, plugins: [editPostalMime] });
      // readLine edited, parse not; base64's finalize edited, 7bit's and QP's not.
      expect(parser.installFastLines()).toBe(1);
      expect(parser.installFastJoin()).toBe(2);
    }, 60_000);
  }
});
