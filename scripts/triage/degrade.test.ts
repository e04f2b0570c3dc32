import { describe, expect, it } from "vitest";
import { degrade, stripStamps } from "./degrade.ts";

const raw = [
  "Received: from mx.example.net (mx.example.net [192.0.2.1])",
  "\tby mail.example.org; Tue, 3 Mar 2026 09:00:00 +0000",
  "ARC-Seal: i=1; a=rsa-sha256; cv=none",
  "Authentication-Results: mx.example.org; spf=pass smtp.mailfrom=a@example.net",
  "DKIM-Signature: v=1; a=rsa-sha256; d=example.net;",
  " s=sel; b=abc",
  "X-Google-Smtp-Source: AGHT+IF",
  "From: Ana <a@example.net>",
  "Subject: Received your note",
  "",
  "Received: this line is body text and stays.",
].join("\r\n");

describe("degrade", () => {
  it("bare drops every transport stamp with its folded lines and keeps the sender's fields and body", () => {
    expect(stripStamps(raw)).toBe(
      "From: Ana <a@example.net>\r\nSubject: Received your note\r\n\r\nReceived: this line is body text and stays.",
    );
  });
  it("file keeps the text and drops the labels", () => {
    expect(degrade(raw, "file")).toEqual({ text: raw, labels: [] });
  });
  it("a message with no head is unchanged", () => {
    expect(stripStamps("hey, dinner saturday?")).toBe("hey, dinner saturday?");
  });
});
