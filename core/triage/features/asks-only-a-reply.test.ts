import { describe, expect, it } from "vitest";
import { preprocess } from "../preprocess/preprocess.ts";
import { runRules } from "../rules/run-rules.ts";
import { asksOnlyAReply } from "./named.ts";

const only = async (body: string, headers: string[] = [], type = "plain") => {
  const raw = [
    "From: Ann <ann@example.org>",
    "To: pat@example.com",
    "Subject: hello",
    ...headers,
    "MIME-Version: 1.0",
    `Content-Type: text/${type}; charset=UTF-8`,
    "",
    body,
  ].join("\r\n");
  const p = await preprocess({ kind: "email", ref: { source: "gmail", id: "m1" }, raw });
  if (!p.ok) throw new Error(p.reason);
  return asksOnlyAReply(p, runRules(p));
};

describe("asks nothing but an answer", () => {
  it("holds for a plain question or invitation, in any language", async () => {
    expect(await only("Drinks on Friday after work?")).toBe(true);
    expect(await only("Hallo, kommst du am Samstag zur Probe? Liebe Grüße, Birgit")).toBe(true);
    expect(await only("Meet at 19:30 on 12.12.2026?")).toBe(true);
    expect(await only("Did you see the photos? The 3.5 km loop was lovely, e.g. the bit by the lake.")).toBe(
      true,
    );
  });

  it("does not hold once there is somewhere else to go or something to pay", async () => {
    expect(await only("See https://example.net/offer")).toBe(false);
    expect(await only("Go to corp-it-support.example/upgrade and sign in")).toBe(false);
    expect(await only("Visit www.example-offers.net today")).toBe(false);
    expect(await only("Call me on +44 7700 900123")).toBe(false);
    expect(await only("Call me on 030 1234 5678")).toBe(false);
    expect(await only("Write to my private address ann.private@mail.example instead")).toBe(false);
    expect(await only("It costs $250, payable today")).toBe(false);
    expect(await only("Send 0.1 BTC to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")).toBe(false);
    expect(await only("Quick question?", ["Reply-To: someone@else.example"])).toBe(false);
  });
});

describe("asks nothing but an answer, in HTML", () => {
  it("does not hold when a remote image can carry the payload (a QR code to scan)", async () => {
    const html =
      '<p>Scan the code below with your phone.</p><img src="https://cdn.corp.example/qr/1.png" width="200">';
    expect(await only(html, [], "html")).toBe(false);
  });
});
