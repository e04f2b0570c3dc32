/** Typed extraction output. Values are data for chips and conversions; nothing is fetched or followed. */
export type Entity =
  | { kind: "datetime"; text: string; start: string; allDay: boolean; relative: boolean }
  | { kind: "money"; text: string; amount: number; currency: string }
  | { kind: "url"; text: string; url: string; host: string }
  | { kind: "person"; text: string; name: string; email?: string; role: "sender" | "recipient" | "signature" }
  | { kind: "organization"; text: string; name: string; source: "sender_domain" | "signature" }
  | { kind: "otp"; text: string; code: string }
  | { kind: "tracking"; text: string; carrier: string; number: string }
  | {
      kind: "invite";
      text: string;
      summary: string;
      start?: string;
      end?: string;
      location?: string;
      organizer?: string;
      uid?: string;
      method?: string;
    };

export type EntityKind = Entity["kind"];
