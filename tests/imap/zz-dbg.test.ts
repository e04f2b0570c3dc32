import { createStage1Classifier } from "@scouts/core/triage/stage1";
import { ImapFlow } from "imapflow";
import { it } from "vitest";
import { startDovecot } from "/work/wt/imap/tests/support/dovecot.ts";

it("dbg", async () => {
  const s1 = createStage1Classifier();
  for (const [subj, body] of [
    ["dinner saturday?", "Are you free on Saturday evening? We could try the new Thai place."],
    ["budget question", "Could you check the numbers in the budget sheet before Tuesday?"],
    ["lunch tomorrow", "Lunch tomorrow at 12:30? I'm near your office."],
  ]) {
    const raw = [
      "From: Ana Souza <ana.souza@example.org>",
      "To: Maya Lindqvist <maya@example.net>",
      `Subject: ${subj}`,
      "Message-ID: <x1@example.org>",
      "Date: Wed, 25 Nov 2026 10:00:00 +0000",
      "Content-Type: text/plain; charset=utf-8",
      "",
      body,
      "",
    ].join("\r\n");
    console.log(
      "S1",
      subj,
      JSON.stringify(await s1.classify({ kind: "email", ref: { source: "demo", id: "x" }, raw })),
    );
  }
  const dv = await startDovecot({
    users: { maya: "pw" },
    capability: "IMAP4rev1 IDLE UIDPLUS MOVE SPECIAL-USE",
  });
  const c = new ImapFlow({
    host: "127.0.0.1",
    port: dv.port,
    secure: false,
    doSTARTTLS: true,
    auth: { user: "maya", pass: "pw" },
    logger: false,
    tls: { rejectUnauthorized: false },
  });
  try {
    await c.connect();
    console.log("CAPS", [...c.capabilities.keys()]);
  } catch (e) {
    console.log("ERR", e);
  }
  console.log(dv.log().slice(-1500));
  await dv.stop();
}, 30000);
