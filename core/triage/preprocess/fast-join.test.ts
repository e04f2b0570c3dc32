import PostalMime from "postal-mime";
import { afterAll, describe, expect, it } from "vitest";
import { HELD_OUT_GROUPS, loadCorpus, TRAIN_GROUPS } from "../../../scripts/triage/corpus.ts";
import { installFastJoin, joinChunks, uninstallFastJoin } from "./fast-join.ts";

const OPTS = {
  maxNestingDepth: 24,
  maxHeadersSize: 256 * 1024,
  maxRfc822NestingDepth: 3,
  attachmentEncoding: "utf8" as const,
};

// Every part kind the patched decoders touch: 7bit, base64 (padded mid-stream), QP, binary attachment.
const HANDMADE = [
  "Subject: plain\r\n\r\nline one\r\nline two é\r\n",
  [
    'Content-Type: multipart/mixed; boundary="b"',
    "",
    "--b",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: quoted-printable",
    "",
    "caf=C3=A9 soft=",
    "break =ZZ bad",
    "--b",
    "Content-Type: text/html; charset=utf-8",
    "Content-Transfer-Encoding: base64",
    "",
    "PGI+aGk8L2I+==",
    "IOKCrA==",
    "--b",
    "Content-Type: application/octet-stream; name=x.bin",
    "Content-Transfer-Encoding: base64",
    "",
    "AAEC/f7/",
    "--b--",
    "",
  ].join("\r\n"),
];

async function parseAll(raws: string[]): Promise<unknown[]> {
  const out = [];
  for (const raw of raws) out.push(await PostalMime.parse(raw, OPTS));
  return out;
}

describe("fast join of postal-mime's decoded chunks", () => {
  afterAll(() => installFastJoin());

  it("patches all three decoders of this postal-mime version", () => {
    uninstallFastJoin();
    expect(installFastJoin()).toBe(3);
  });

  it("yields the same bytes as a Blob", async () => {
    const chunks = [new Uint8Array([104, 105]), "\n", "é€", new Uint8Array([1, 2, 3]).buffer, "\uD800"];
    const viaBlob = new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer());
    expect(new Uint8Array(joinChunks(chunks))).toEqual(viaBlob);
  });

  it("parses hand-made parts and 600 corpus messages exactly as stock postal-mime", async () => {
    const corpus = [...loadCorpus(TRAIN_GROUPS), ...loadCorpus(HELD_OUT_GROUPS)];
    // Every tenth message (600 of 6,046) keeps the test fast; all kinds of parts occur in it.
    const raws = [...HANDMADE, ...corpus.filter((_, i) => i % 10 === 0).map((m) => m.text)];
    uninstallFastJoin();
    const stock = await parseAll(raws);
    expect(installFastJoin()).toBe(3);
    const fast = await parseAll(raws);
    expect(fast.length).toBe(stock.length);
    for (let i = 0; i < raws.length; i++) expect(fast[i], `message ${i}`).toEqual(stock[i]);
  });
});
