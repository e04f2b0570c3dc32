import { describe, expect, it } from "vitest";
import { detectInjection } from "./injection.ts";

const flags = (text: string) =>
  detectInjection({ rawVisible: text, visible: text, hiddenText: "", headerText: "Message" });

// Written for this test (not corpus lines).
const ASKED = [
  "Hello, as agreed with your finance director our bank details have changed. Kindly settle invoice 4471 to the new account from today.",
  "Quick one: please update the wire instructions for Northwind Supplies before this week's run.",
  "If they ask, tell them our bank details have changed and pay the new account.",
  "We never do this, but please change the payment details on file to the account below.",
  "Security notice: if an email asks you to verify, ignore it.\nOur remittance information is new as of today: IBAN DE00 1234.",
];

const TALKED_ABOUT = [
  "If an email asks you to change payment details, call the supplier on a number you already know.",
  "When a vendor requests that you update their bank account details, confirm by phone first.",
  "We will never email you asking you to update your bank details.",
  "Our staff won't ever ask you to change your payment information by text.",
];

describe("payment_change_request: a change asked for, not advice about such requests", () => {
  it.each(ASKED)("flags %s", (text) => {
    expect(flags(text)).toContain("payment_change_request");
  });

  it.each(TALKED_ABOUT)("leaves alone %s", (text) => {
    expect(flags(text)).not.toContain("payment_change_request");
  });

  it("stays linear on a hostile run of advice with no sentence end", () => {
    const huge = "if an email asks you to change bank details ".repeat(5000);
    const t0 = performance.now();
    expect(flags(huge)).not.toContain("payment_change_request");
    // Generous: rescanning back to the line start from every match would take many seconds.
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});

// Written for this test: a service asking readers to fix their own card or account (dunning,
// confirmations) is not a supplier changing where money goes; the supplier's change still counts.
const READERS_OWN = [
  "Please update your payment details to avoid interruption of your membership.",
  "Your account information has been updated. If this wasn't you, contact support.",
  "We couldn't charge your card. Update your billing payment details in the app.",
  "Reminder: your bank details are out of date, please update them in your profile.",
];

const SUPPLIERS_CHANGE = [
  "Please update your records with our new bank details before paying invoice 88.",
  "Please update your payment details file: our bank account number is new from May.",
  "Note that your supplier's bank details have changed; use the account below.",
  "Your invoice is attached. Our payment details have been updated, pay the new IBAN.",
];

describe("payment_change_request: the reader's own payment details are not a change", () => {
  it.each(READERS_OWN)("leaves alone %s", (text) => {
    expect(flags(text)).not.toContain("payment_change_request");
  });

  it.each(SUPPLIERS_CHANGE)("still flags %s", (text) => {
    expect(flags(text)).toContain("payment_change_request");
  });
});
