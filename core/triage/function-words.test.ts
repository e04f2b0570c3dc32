import { describe, expect, it } from "vitest";
import { isFunctionWordToken, withoutRestatements } from "./function-words.ts";

describe("function words", () => {
  it("knows lone function words in the corpus's languages, bare or as a stage-2 phrase", () => {
    for (const t of ["the", "und", "les", "de", "och", "oraz", "opens with “die”", "mentions “us”"])
      expect(isFunctionWordToken(t), t).toBe(true);
    for (const t of ["invoice", "rechnung", "opens with “invoice”", "the invoice", "today", "heute", "jutro"])
      expect(isFunctionWordToken(t), t).toBe(false);
  });

  it("drops a phrase that restates an earlier one, keeps distinct ones", () => {
    expect(
      withoutRestatements([
        "comes from a social network",
        "it comes from a social network",
        "its wording only informs",
        "it only informs",
        "has attachments",
        "you are in To",
        "you are in Cc",
      ]),
    ).toEqual([
      "comes from a social network",
      "its wording only informs",
      "has attachments",
      "you are in To",
      "you are in Cc",
    ]);
  });
});
