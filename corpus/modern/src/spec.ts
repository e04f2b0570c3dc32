/** One message as written for the corpus: its content and its labels. `render.ts` turns it into an .eml. */
export type Bucket = "urgent" | "actionable" | "informational" | "low_priority";
export type SpeechAct = "request" | "commit" | "deliver" | "propose" | "meet" | "amend" | "fyi";
export type Category = "primary" | "notification" | "receipt" | "newsletter" | "promotion" | "social";
export type Shape = "plain" | "gmail" | "outlook" | "apple" | "alt" | "html" | "mobile";
export type Auth = "pass" | "nodmarc" | "softfail" | "list";

export interface Calendar {
  method: "REQUEST" | "CANCEL";
  /** "MM-DD HH:MM" in the reader's zone */
  start: string;
  mins: number;
  summary: string;
  loc?: string;
  seq?: number;
  uid?: string;
  /** attendee addresses besides the reader */
  who?: string[];
  style?: "google" | "outlook";
}

export interface Attachment {
  name: string;
  /** the text a PDF shows, a text file's content; images get a tiny valid picture */
  text?: string;
  inline?: boolean;
}

export interface Quote {
  from: string;
  d: string;
  b: string;
}

export interface Spec {
  org: string;
  /** file name without .eml; derived from the subject when absent */
  name?: string;
  /** persona id */
  p: string;
  from: string;
  to?: string;
  cc?: string;
  replyTo?: string;
  /** subject */
  s: string;
  /** "MM-DD HH:MM" (2026) in the reader's zone */
  d: string;
  lang?: string;
  /** body in a small markdown: blank-line paragraphs, "# " heading, "- " items, "| a | b |" rows, [text](url) */
  b: string;
  shape?: Shape;
  kind?: "person" | "system" | "bulk";
  charset?: "utf-8" | "iso-8859-1" | "windows-1251" | "shift_jis" | "iso-2022-jp";
  cte?: "7bit" | "8bit" | "quoted-printable" | "base64";
  ics?: Calendar;
  att?: Attachment[];
  q?: Quote;
  /** a reply: sets In-Reply-To/References and "Re:" handling is left to the subject */
  re?: boolean;
  list?: { id: string; post?: string; unsub?: string; archive?: string };
  /** bulk sender's one-click unsubscribe URL (adds List-Unsubscribe-Post) */
  unsub?: string;
  hdr?: Record<string, string>;
  auth?: Auth;
  /** outbound host that handed the mail to the reader's MX */
  host?: string;
  /** DKIM d= when it differs from the From domain (ESPs) */
  dkim?: string;
  /** envelope sender */
  bounce?: string;
  ua?: string;
  /** bucket/speech_act/category, e.g. "a/request/primary"; bucket letters u a i l */
  L: string;
  why: string;
  /** what Gmail would have labelled it, when not the default for its category */
  g?: string[];
  how?: "hand" | "generated";
  template?: string;
}

export interface LabelLine {
  id: string;
  org: string;
  persona: string;
  verdict: "relevant" | "spam";
  threat: "none" | "spam" | "scam" | "phishing";
  bucket: Bucket;
  speech_act: SpeechAct;
  category: Category;
  urgent: boolean;
  lang: string;
  how: "hand" | "generated";
  template: string | null;
  gmail_labels: string[];
  reason: string;
}

export const BUCKETS: Record<string, Bucket> = {
  u: "urgent",
  a: "actionable",
  i: "informational",
  l: "low_priority",
};
export const SPEECH_ACTS: SpeechAct[] = ["request", "commit", "deliver", "propose", "meet", "amend", "fyi"];
export const CATEGORIES: Category[] = [
  "primary",
  "notification",
  "receipt",
  "newsletter",
  "promotion",
  "social",
];

/** Spreads sender defaults over each message of that sender. */
export function sender(defaults: Partial<Spec>) {
  return (spec: Partial<Spec> & Pick<Spec, "s" | "d" | "b" | "L" | "why">): Spec =>
    ({
      ...defaults,
      ...spec,
      hdr: { ...defaults.hdr, ...spec.hdr },
    }) as Spec;
}
