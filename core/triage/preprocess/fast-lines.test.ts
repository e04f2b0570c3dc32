import PostalMime from "postal-mime";
import { afterAll, describe, expect, it } from "vitest";
import { HELD_OUT_GROUPS, loadCorpus, TRAIN_GROUPS } from "../../../scripts/triage/corpus.ts";
import { installFastLines, uninstallFastLines } from "./fast-lines.ts";

const OPTS = {
  maxNestingDepth: 24,
  maxHeadersSize: 256 * 1024,
  maxRfc822NestingDepth: 3,
  attachmentEncoding: "utf8" as const,
};

// Line-end shapes readLine must keep byte for byte: CRLF, bare LF, CR runs, inner CRs, no final newline.
const HANDMADE = [
  "Subject: a\r\n\r\nbody\r\n",
  "Subject: b\n\nbody\nmore",
  "Subject: c\r\r\n\r\nx\r\ry\r\r\nend\r\r",
  "Subject: d\r\n\r\n\r\n\r\n",
  'Content-Type: multipart/alternative; boundary="q"\n\n--q\r\nContent-Type: text/plain\r\n\r\nhi\r\r\n--q--',
  "\r\n",
  "x",
];

async function parseAll(raws: string[]): Promise<unknown[]> {
  const out = [];
  for (const raw of raws) out.push(await PostalMime.parse(raw, OPTS));
  return out;
}

describe("fast line reading in postal-mime", () => {
  afterAll(() => installFastLines());

  it("replaces readLine and parse in this postal-mime version", () => {
    uninstallFastLines();
    expect(installFastLines()).toBe(2);
  });

  it("parses hand-made line ends and 600 corpus messages exactly as stock postal-mime", async () => {
    const raws = [
      ...HANDMADE,
      ...loadCorpus(TRAIN_GROUPS)
        .slice(0, 300)
        .map((m) => m.text),
      ...loadCorpus(HELD_OUT_GROUPS)
        .slice(-300)
        .map((m) => m.text),
    ];
    installFastLines();
    const patched = await parseAll(raws);
    uninstallFastLines();
    const stock = await parseAll(raws);
    expect(patched).toEqual(stock);
  });
});
