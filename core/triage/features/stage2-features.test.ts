import { describe, expect, it } from "vitest";
import { analyze } from "../analyze.ts";
import { tokenWords } from "../explain.ts";
import { DEFAULT_HASHING, toRow } from "./featurize.ts";
import { NAMED_FEATURES } from "./named.ts";
import {
  firstSentence,
  openingText,
  STAGE2_EXTRA,
  STAGE2_FEATURE_GROUPS,
  STAGE2_NAMED,
  stage2Bag,
} from "./stage2-features.ts";

const mail = (headers: string[], body: string) =>
  [...headers, "Date: Tue, 03 Mar 2026 09:10:00 +0000", "", body].join("\r\n");

async function extras(raw: string) {
  const a = await analyze({ kind: "email", ref: { source: "demo", id: "t" }, raw }, DEFAULT_HASHING, {
    explain: true,
  });
  if (!a.ok) throw new Error(a.reason);
  const bag = stage2Bag(a.p, a.bag, STAGE2_FEATURE_GROUPS, DEFAULT_HASHING.seed);
  const on = new Set(
    STAGE2_EXTRA.filter((_, i) => bag.named[NAMED_FEATURES.length + i] !== 0).map((f) => f.name),
  );
  return { a, bag, on };
}

describe("stage-2 inputs", () => {
  it("does not read a link's query or path as the sender's question or words", async () => {
    const notice = await extras(
      mail(
        ["From: Parcel <no-reply@parcel.example>", "Subject: Your parcel is on its way"],
        "Track your package: https://parcel.example/track?id=88231&lang=en\nArriving Thursday.",
      ),
    );
    expect(notice.on.has("s2:lead_question")).toBe(false);
    expect(notice.on.has("s2:question_you")).toBe(false);
    // A question that ends with a link still asks; so does one in German after a bare www link.
    const asks = await extras(
      mail(
        ["From: Maya Lee <maya.lee@corp.example>", "Subject: draft"],
        "Could you look at https://docs.example/d/1?",
      ),
    );
    expect(asks.on.has("s2:lead_question")).toBe(true);
    const de = await extras(
      mail(
        ["From: Jonas Weber <jonas@corp.example>", "Subject: Entwurf"],
        "Kannst du www.docs.example/x?a=1 lesen?",
      ),
    );
    expect(de.on.has("s2:lead_question")).toBe(true);
    expect(openingText("Order", "See https://x.example/o?id=7&a=b. Thanks")).toBe("Order\nSee  . Thanks");
  });

  it("tells a person from a no-reply system and a team address", async () => {
    const person = await extras(mail(["From: Maya Lee <maya.lee@corp.example>", "Subject: hi"], "Lunch?"));
    const noreply = await extras(mail(["From: Shop <no-reply@shop.example>", "Subject: hi"], "Shipped."));
    const team = await extras(mail(["From: Acme <support@acme.example>", "Subject: hi"], "Ticket."));
    expect(person.on.has("s2:sender_person")).toBe(true);
    expect(noreply.on.has("s2:sender_noreply")).toBe(true);
    expect(team.on.has("s2:sender_role")).toBe(true);
    expect(team.on.has("s2:sender_person")).toBe(false);
  });

  it("reads the urgent bucket's own inputs: today in the subject, a failure by a system or a person, a resolved problem", async () => {
    const on = async (from: string, subject: string, body: string) =>
      (await extras(mail([`From: ${from}`, `Subject: ${subject}`], body))).on;
    const system = await on(
      "Monitor <alerts@mon.example>",
      "[FIRING] api-gateway",
      "Error rate 14% on checkout.",
    );
    expect(system.has("s2:outage_system")).toBe(true);
    expect(system.has("s2:outage_person")).toBe(false);
    const person = await on(
      "Jonas Weber <jonas.weber@corp.example>",
      "prod",
      "Die Zahlungsseite ist ausgefallen, kannst du schauen?",
    );
    expect(person.has("s2:outage_person")).toBe(true);
    expect(person.has("s2:outage_system")).toBe(false);
    // A recovery names the failure too: it is read as resolved, not as a failure.
    const resolved = await on(
      "Monitor <alerts@mon.example>",
      "[RESOLVED] api-gateway is down",
      "Recovered at 10:42.",
    );
    expect(resolved.has("s2:resolved")).toBe(true);
    expect(resolved.has("s2:outage_system")).toBe(false);
    expect(
      (await on("Ana <ana@x.example>", "Assinatura hoje antes das 16h", "Segue.")).has("s2:today_subject"),
    ).toBe(true);
    // "today" only in the body is not the subject's cue; "downtown" is not "down".
    const body = await on("Ana <ana@x.example>", "Plans", "Meet downtown today?");
    expect(body.has("s2:today_subject")).toBe(false);
    expect(body.has("s2:outage_person") || body.has("s2:outage_system")).toBe(false);
    expect(
      (await on("監視 <alert@mon.example>", "障害発生中：決済API", "エラー率が上昇しています。")).has(
        "s2:outage_system",
      ),
    ).toBe(true);
  });

  it("reads the calendar method: invitation, cancellation, answer", async () => {
    const ics = (method: string) =>
      mail(
        [
          "From: Ann <ann@corp.example>",
          "Subject: Sync",
          "MIME-Version: 1.0",
          `Content-Type: text/calendar; method=${method}; charset=utf-8`,
        ],
        `BEGIN:VCALENDAR\r\nMETHOD:${method}\r\nBEGIN:VEVENT\r\nSUMMARY:Sync\r\nDTSTART:20260304T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR`,
      );
    expect((await extras(ics("REQUEST"))).on.has("s2:calendar_request")).toBe(true);
    expect((await extras(ics("CANCEL"))).on.has("s2:calendar_cancel")).toBe(true);
    expect((await extras(ics("REPLY"))).on.has("s2:calendar_reply")).toBe(true);
  });

  it("finds speech-act cues in several languages, as whole words only", async () => {
    const cues = async (subject: string, body: string) =>
      (await extras(mail(["From: A <a@b.example>", `Subject: ${subject}`], body))).on;
    expect(await cues("Vertrag", "Könnten Sie den Vertrag bis Freitag prüfen?")).toContain("s2:cue_request");
    expect(await cues("Orçamento", "Segue em anexo o orçamento.")).toContain("s2:cue_deliver");
    expect(await cues("資料", "資料を確認してください。")).toContain("s2:cue_request");
    expect(await cues("Plano", "Proszę o odpowiedź.")).toContain("s2:cue_request");
    expect(await cues("Réunion", "La réunion est reportée à jeudi.")).toContain("s2:cue_amend");
    // "pleased", "recall" and "invited" contain cue words but are not them.
    const none = await cues("Note", "We were pleased to recall the old days.");
    expect(none.has("s2:cue_request")).toBe(false);
    expect(none.has("s2:cue_meet")).toBe(false);
  });

  it("finds the imperative mood at the start of a sentence in five languages and more", async () => {
    const on = async (body: string) =>
      (await extras(mail(["From: A <a@b.example>", "Subject: x"], body))).on.has("s2:cue_imperative");
    expect(await on("Hi Ana,\nPlease review the draft before Friday.")).toBe(true);
    expect(await on("Hallo Jonas,\nbitte prüfen Sie den Vertrag.")).toBe(true);
    expect(await on("Bonjour. Merci. Confirmez votre présence.")).toBe(true);
    expect(await on("Hola: envía el informe cuando puedas.")).toBe(true);
    expect(await on("Olá! Preencha o formulário.")).toBe(true);
    expect(await on("Ciao, ricordati la riunione.")).toBe(false); // after a comma it is not a sentence start
    expect(await on("Ciao!\nRicordati la riunione.")).toBe(true);
    // The verb inside a sentence, or as part of a longer word, is not an imperative.
    expect(await on("We will review the draft on Friday.")).toBe(false);
    expect(await on("Reviewed by the team last week.")).toBe(false);
  });

  it("reads when something is needed: today or within hours, or days ahead, in several languages", async () => {
    const when = async (subject: string, body: string) => {
      const { on } = await extras(mail(["From: A <a@b.example>", `Subject: ${subject}`], body));
      return [on.has("s2:when_today"), on.has("s2:when_later")];
    };
    expect(await when("Settlement file", "Can you re-send it before 14:00?")).toEqual([true, false]);
    expect(await when("Vertrag", "Bitte bis 18 Uhr unterschreiben.")).toEqual([true, false]);
    expect(await when("Obra", "Consegue responder-me ainda hoje?")).toEqual([true, false]);
    expect(await when("テスト", "今日の18時に配信予定です。")).toEqual([true, false]);
    // Within minutes or hours, or by midday, is today too; a count of days is later.
    expect(await when("Slides", "I need the chart from you in the next 30 minutes.")).toEqual([true, false]);
    expect(await when("Keys", "Please rotate them within two hours.")).toEqual([true, false]);
    expect(await when("Board", "Can you send it by noon?")).toEqual([true, false]);
    expect(await when("Folien", "Ich brauche sie in einer halben Stunde.")).toEqual([true, false]);
    expect(await when("Relatório", "Preciso disso em 20 minutos.")).toEqual([true, false]);
    expect(await when("Rapport", "On en a besoin dans une heure.")).toEqual([true, false]);
    expect(await when("資料", "30分以内に送ってください。")).toEqual([true, false]);
    expect(await when("Form", "Please return it within 5 days.")).toEqual([false, true]);
    expect(await when("Setup", "You will be set up in minutes.")).toEqual([false, false]);
    expect(await when("Review", "Could you comment by Wednesday?")).toEqual([false, true]);
    expect(await when("Note", "Vos remarques avant le 9 décembre ?")).toEqual([false, true]);
    expect(await when("Plan", "Podemos falar na próxima semana?")).toEqual([false, true]);
    expect(await when("書類", "12月15日までにご提出ください。")).toEqual([false, true]);
    // Tomorrow can be either; "today" inside a longer word is not today.
    expect(await when("Diff", "I'll send it tomorrow.")).toEqual([false, false]);
    expect(await when("Reading", "Todays are long; oggetto allegato.")).toEqual([false, false]);
  });

  it("reads who is asked: no action needed, a question or dated ask to you, a report, an invitation", async () => {
    const ask = async (subject: string, body: string) =>
      (await extras(mail(["From: A <a@b.example>", `Subject: ${subject}`], body))).on;
    expect(await ask("Rota", "Zur Info: der Plan für Dezember hängt an.")).toContain("s2:says_no_action");
    expect(await ask("Cierre", "Para su información, no requiere acción.")).toContain("s2:says_no_action");
    expect(await ask("Note", "No action needed on your side.")).toContain("s2:says_no_action");
    expect(await ask("Deck", "Did you get a chance to look at the deck?")).toContain("s2:question_you");
    // A question about someone else, or "you" in a statement, is not a question to the reader.
    expect(await ask("Deck", "Did the deck ship? You will see it soon.")).not.toContain("s2:question_you");
    expect(await ask("Contrat", "Pouvez-vous signer avant le 9 ?")).toContain("s2:ask_you_deadline");
    expect(await ask("Contrat", "Pouvez-vous signer ?")).not.toContain("s2:ask_you_deadline");
    expect(await ask("Release", "Version 4.2 has been released.")).toContain("s2:report_done");
    expect(await ask("Paket", "Ihr Paket wurde zugestellt.")).toContain("s2:report_done");
    expect(await ask("Invitation: Design review @ Tue", "You are invited.")).toContain("s2:invite_words");
    expect(await ask("Sommerfest", "Du bist eingeladen!")).toContain("s2:invite_words");
    expect(await ask("Pakjesavond", "Heb je zin om te komen?")).toContain("s2:invite_words");
    expect(await ask("[api] Fix (PR #12)", "Dev Patel requested your review on: api#12")).toContain(
      "s2:waits_on_you",
    );
    expect(await ask("[FER-1] Assigned", "Claudia assigned FER-1 to you.")).toContain("s2:waits_on_you");
    const fyi = await ask("Maintenance", "No action required: we moved your database.");
    expect(fyi).toContain("s2:says_no_action");
    expect(fyi).not.toContain("s2:waits_on_you");
  });

  it("reads receipt structure and an amount next to an alert, and not in plain mail", async () => {
    const on = async (subject: string, body: string) =>
      (await extras(mail(["From: A <a@b.example>", `Subject: ${subject}`], body))).on;
    const receipt = await on(
      "Your order",
      "Order no. 302-8847123\nSubtotal 4,99 €\nVAT 0,95 €\nTotal 5,94 €",
    );
    expect(receipt).toContain("s2:receipt_total");
    expect(receipt).toContain("s2:receipt_ref");
    expect(receipt).toContain("s2:receipt_tax");
    expect(receipt).not.toContain("s2:money_alert");
    expect(await on("Rechnung", "Rechnungsnummer R-2026-118, Gesamtbetrag 180,00 € inkl. MwSt.")).toContain(
      "s2:receipt_ref",
    );
    expect(await on("電気料金", "ご請求金額：¥6,412（うち消費税 ¥582）")).toContain("s2:receipt_total");
    const alert = await on("Budget", "Your forecast spend is $54.20, above the $50.00 alert you set.");
    expect(alert).toContain("s2:money_alert");
    expect(alert).not.toContain("s2:receipt_total");
    // An alert word with no amount, and an amount with no alert word, are neither.
    expect(await on("Alert", "CPU above threshold on worker-7.")).not.toContain("s2:money_alert");
    expect(await on("Lunch", "It was 12 € each, see you Friday.")).not.toContain("s2:money_alert");
    const plain = await on("Lunch?", "Shall we try the new place on Friday?");
    for (const n of ["s2:receipt_total", "s2:receipt_ref", "s2:receipt_tax", "s2:money_alert"])
      expect(plain).not.toContain(n);
  });

  it("crosses an ask with where the reader is: To, Cc or only a list", async () => {
    const role = async (to: string, cc: string) => {
      const raw = mail(
        ["From: Ann <ann@corp.example>", `To: ${to}`, `Cc: ${cc}`, "Subject: Budget"],
        "Could you send the figures?",
      );
      const a = await analyze({ kind: "email", ref: { source: "demo", id: "t" }, raw }, DEFAULT_HASHING, {
        rules: { reader: { addresses: ["me@corp.example"] } },
      });
      if (!a.ok) throw new Error(a.reason);
      const bag = stage2Bag(a.p, a.bag, ["ask"], DEFAULT_HASHING.seed);
      return STAGE2_EXTRA.filter(
        (f, i) => f.name.startsWith("s2:ask_") && bag.named[NAMED_FEATURES.length + i],
      )
        .map((f) => f.name)
        .filter((n) => n !== "s2:ask_you_deadline");
    };
    expect(await role("me@corp.example", "bo@corp.example")).toEqual(["s2:ask_to_you"]);
    expect(await role("bo@corp.example", "me@corp.example")).toEqual(["s2:ask_cc_you"]);
    expect(await role("team@lists.corp.example", "bo@corp.example")).toEqual(["s2:ask_list"]);
  });

  it("adds the opening's words and CJK character pairs, named in the why", async () => {
    const { a, bag } = await extras(
      mail(["From: A <a@b.example>", "Subject: 来週の会議"], "Can you send the deck? Long history follows."),
    );
    const shown = [...bag.keys].map((_, k) => bag.tokenAt!(k));
    expect(shown).toContain("opens with “can you”");
    expect(shown).toContain("mentions “会議”");
    expect(bag.keys.length).toBeGreaterThan(a.bag.keys.length);
  });

  it("leaves the shared vector alone and widens only the stage-2 row", async () => {
    const { a, bag } = await extras(mail(["From: A <a@b.example>", "Subject: x"], "Please review."));
    const before = toRow(a.bag, 14);
    const again = toRow(a.bag, 14);
    expect([...again.indices]).toEqual([...before.indices]);
    expect(before.dim).toBe((1 << 14) + NAMED_FEATURES.length);
    expect(toRow(bag, 13).dim).toBe((1 << 13) + STAGE2_NAMED.length);
    // With no groups on, the stage-2 bag has the shared keys and only zero extra slots.
    const plain = stage2Bag(a.p, a.bag, [], DEFAULT_HASHING.seed);
    expect([...plain.keys]).toEqual([...a.bag.keys]);
    expect(plain.named.slice(NAMED_FEATURES.length).every((v) => v === 0)).toBe(true);
  });

  it("reads the first sentence after the greeting, in several languages", () => {
    expect(firstSentence("Hi Ana,\nCould you check the draft? Thanks.")).toBe("Could you check the draft?");
    expect(firstSentence("Hi Ana, could you check the draft? Thanks.")).toBe("could you check the draft?");
    expect(firstSentence("Sehr geehrte Frau Roth,\n\nanbei die Rechnung. Gruß")).toBe("anbei die Rechnung.");
    expect(firstSentence("田中様\n\nいつもお世話になっております。\n資料を確認してください。")).toBe(
      "資料を確認してください。",
    );
    expect(firstSentence("Bonjour à tous !\nLa réunion est reportée.")).toBe("La réunion est reportée.");
    // No greeting: the first sentence as it stands; a decimal point does not end it.
    expect(firstSentence("Your order has shipped. Track it here.")).toBe("Your order has shipped.");
    expect(firstSentence("3.5 million users saw this.\nok")).toBe("3.5 million users saw this.");
    // "Yo" opens a Spanish sentence ("I"), not a greeting.
    expect(firstSentence("Yo te envío el informe.\nSaludos")).toBe("Yo te envío el informe.");
  });

  it("crosses the act cues with who sent it and where the reader stands, and reads the first sentence's own", async () => {
    const shown = async (from: string, to: string, body: string) => {
      const raw = mail([`From: ${from}`, `To: ${to}`, "Subject: Draft"], body);
      const a = await analyze({ kind: "email", ref: { source: "demo", id: "t" }, raw }, DEFAULT_HASHING, {
        explain: true,
        rules: { reader: { addresses: ["ana@corp.example"] } },
      });
      if (!a.ok) throw new Error(a.reason);
      const off = stage2Bag(a.p, a.bag, ["sender", "cues", "ask"], DEFAULT_HASHING.seed);
      const bag = stage2Bag(a.p, a.bag, ["sender", "cues", "ask", "cross"], DEFAULT_HASHING.seed);
      const words = [...bag.keys].slice(off.keys.length).map((_, k) => bag.tokenAt!(off.keys.length + k));
      return { words, keys: new Set(bag.keys), n: bag.keys.length - off.keys.length };
    };
    const person = await shown(
      "Maya Lee <maya.lee@corp.example>",
      "ana@corp.example",
      "Hi Ana,\nCould you review the draft by Friday? It is attached.",
    );
    expect(person.words).toContain("from a person, and it asks you to do something");
    expect(person.words).toContain("sent to you in To, and it asks you to do something");
    expect(person.words).toContain("its first sentence: it asks you to do something");
    expect(person.words).toContain("its first sentence: it asks you a question");
    // "attached" is in the opening but not in the first sentence.
    expect(person.words).toContain("from a person, and it hands something over (attached, here is…)");
    expect(person.words).not.toContain("its first sentence: it hands something over (attached, here is…)");
    const system = await shown(
      "Tracker <notifications@tracker.example>",
      "team@lists.corp.example",
      "Hi Ana,\nCould you review the draft by Friday? It is attached.",
    );
    expect(system.words).toContain(
      "from a no-reply or notification address, and it asks you to do something",
    );
    expect(system.words).toContain("sent to a list you are on, and it asks you to do something");
    // The same words from a system to a list hash apart from a person's to you, except the
    // first-sentence keys, which say nothing of the sender.
    const shared = [...person.keys].filter((k) => system.keys.has(k));
    expect(person.n).toBeGreaterThan(0);
    expect(shared.length).toBeLessThan(person.keys.size);
    // Nothing to cross: no act cue, no key.
    const plain = await shown("Maya Lee <maya.lee@corp.example>", "ana@corp.example", "Hello");
    expect(plain.n).toBe(0);
  });

  it("names hashed reasons in plain words, without quoting a phrase twice", () => {
    expect(tokenWords("opens with “can you”")).toBe("opens with “can you”");
    expect(tokenWords("mentions “会議”")).toBe("mentions “会議”");
    expect(tokenWords("cs none")).toBe("declares no character set");
    expect(tokenWords("tag table")).toBe("its HTML uses <table>");
    expect(tokenWords("#num")).toBe("mentions a long number");
    expect(tokenWords("invoice")).toBe("mentions “invoice”");
  });
});
