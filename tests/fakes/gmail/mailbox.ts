/** One fake Gmail account: messages, labels and the history log Gmail exposes. */

export interface StoredMessage {
  id: string;
  threadId: string;
  labelIds: Set<string>;
  raw: string;
  internalDate: number;
  historyId: bigint;
}

type MsgRef = { id: string; threadId: string; labelIds?: string[] };

export interface HistoryRecord {
  id: bigint;
  messages: MsgRef[];
  messagesAdded?: Array<{ message: MsgRef }>;
  messagesDeleted?: Array<{ message: MsgRef }>;
  labelsAdded?: Array<{ message: MsgRef; labelIds: string[] }>;
  labelsRemoved?: Array<{ message: MsgRef; labelIds: string[] }>;
}

/** A draft (users.drafts): kept apart from messages, so history and listing are unchanged by it. */
export interface StoredDraft {
  id: string;
  messageId: string;
  threadId: string;
  /** The decoded RFC 822 text. */
  raw: string;
}

/** A label as users.labels returns it. */
export interface StoredLabel {
  id: string;
  name: string;
  type: "system" | "user";
}

/** Gmail's system labels (users.labels.list lists them with name = id). */
export const SYSTEM_LABELS = [
  "INBOX",
  "SPAM",
  "TRASH",
  "UNREAD",
  "STARRED",
  "IMPORTANT",
  "SENT",
  "DRAFT",
  "CHAT",
  "CATEGORY_PERSONAL",
  "CATEGORY_SOCIAL",
  "CATEGORY_PROMOTIONS",
  "CATEGORY_UPDATES",
  "CATEGORY_FORUMS",
] as const;

/** Names Gmail refuses for a user label (400 "Invalid label name"), compared case-insensitively. */
const RESERVED_NAMES = new Set(
  [...SYSTEM_LABELS, "Drafts", "Chats", "Muted", "Sent Mail", "All Mail", "Bin"].map((n) => n.toLowerCase()),
);

export interface Watch {
  topicName: string;
  labelIds: string[];
  expiration: number;
}

/** A users.settings.sendAs resource (the fields Gmail documents that Scouts reads). */
export interface SendAs {
  sendAsEmail: string;
  displayName?: string;
  isPrimary?: boolean;
  isDefault?: boolean;
  treatAsAlias?: boolean;
  /** Gmail sets it on custom aliases only: "accepted" or "pending". */
  verificationStatus?: "accepted" | "pending";
}

export class Mailbox {
  readonly email: string;
  /** The account's send-as list: its primary address first, as Gmail lists it. */
  readonly sendAs: SendAs[];
  /** OAuth scopes the person granted (what every token of the account carries). */
  scopes: string[] = [
    "https://www.googleapis.com/auth/gmail.readonly",
    "https://www.googleapis.com/auth/gmail.modify",
  ];
  historyId: bigint;
  /** history.list with a startHistoryId below this answers 404 (Gmail keeps about a week). */
  oldestHistoryId: bigint;
  readonly messages = new Map<string, StoredMessage>();
  readonly history: HistoryRecord[] = [];
  readonly drafts = new Map<string, StoredDraft>();
  /** Every label of the account, by id: the system ones, then user labels (`Label_N`). */
  readonly labels = new Map<string, StoredLabel>(
    SYSTEM_LABELS.map((id) => [id, { id, name: id, type: "system" }]),
  );
  /** Messages sent through messages.send or drafts.send (Scouts must never cause one). */
  readonly sent: string[] = [];
  watch: Watch | undefined;
  private nextId = 0;
  private nextLabel = 0;

  constructor(email: string, startHistoryId: bigint) {
    this.email = email;
    this.sendAs = [
      { sendAsEmail: email, displayName: "", isPrimary: true, isDefault: true, treatAsAlias: false },
    ];
    this.historyId = startHistoryId;
    this.oldestHistoryId = startHistoryId;
  }

  private bump(): bigint {
    // Real history ids grow by irregular steps; 1..3 keeps gaps without making tests slow.
    this.historyId += BigInt(1 + (this.nextId % 3));
    return this.historyId;
  }

  add(input: { raw: string; labels?: string[]; threadId?: string; internalDate?: number }): StoredMessage {
    const id = (0x18c0000000000000n + BigInt(++this.nextId) * 7919n).toString(16);
    const msg: StoredMessage = {
      id,
      threadId: input.threadId ?? id,
      labelIds: new Set(input.labels ?? ["INBOX", "UNREAD"]),
      raw: input.raw,
      internalDate: input.internalDate ?? Date.now(),
      historyId: this.bump(),
    };
    this.messages.set(id, msg);
    const ref = { id, threadId: msg.threadId, labelIds: [...msg.labelIds] };
    this.history.push({ id: msg.historyId, messages: [ref], messagesAdded: [{ message: ref }] });
    return msg;
  }

  /**
   * users.labels.create: a user label; "reserved" for a system or reserved name, "exists" when a
   * label of that name (any case) is already there, like Gmail's 400 and 409.
   */
  createLabel(name: string): StoredLabel | "reserved" | "exists" {
    const trimmed = name.trim();
    if (!trimmed || RESERVED_NAMES.has(trimmed.toLowerCase())) return "reserved";
    if ([...this.labels.values()].some((l) => l.name.toLowerCase() === trimmed.toLowerCase()))
      return "exists";
    const label: StoredLabel = { id: `Label_${++this.nextLabel}`, name: trimmed, type: "user" };
    this.labels.set(label.id, label);
    return label;
  }

  /** The first of `ids` that is no label of this account (Gmail answers 400 for it), if any. */
  unknownLabel(ids: readonly string[]): string | undefined {
    return ids.find((id) => !this.labels.has(id));
  }

  /** Applies a label change and records it in history, like Gmail does for our own modify calls. */
  modify(id: string, add: string[], remove: string[]): StoredMessage | undefined {
    const msg = this.messages.get(id);
    if (!msg) return undefined;
    const added = add.filter((l) => !msg.labelIds.has(l));
    const removed = remove.filter((l) => msg.labelIds.has(l));
    for (const l of added) msg.labelIds.add(l);
    for (const l of removed) msg.labelIds.delete(l);
    if (added.length || removed.length) {
      msg.historyId = this.bump();
      const ref = { id, threadId: msg.threadId, labelIds: [...msg.labelIds] };
      const record: HistoryRecord = { id: msg.historyId, messages: [ref] };
      if (added.length) record.labelsAdded = [{ message: ref, labelIds: added }];
      if (removed.length) record.labelsRemoved = [{ message: ref, labelIds: removed }];
      this.history.push(record);
    }
    return msg;
  }

  delete(id: string): boolean {
    const msg = this.messages.get(id);
    if (!msg) return false;
    this.messages.delete(id);
    const ref = { id, threadId: msg.threadId };
    this.history.push({ id: this.bump(), messages: [ref], messagesDeleted: [{ message: ref }] });
    return true;
  }

  addDraft(raw: string, threadId: string | undefined): StoredDraft {
    const n = ++this.nextId;
    const messageId = (0x18d0000000000000n + BigInt(n) * 7919n).toString(16);
    const draft = { id: `r-${n}${messageId}`, messageId, threadId: threadId ?? messageId, raw };
    this.drafts.set(draft.id, draft);
    return draft;
  }

  /** Forgets history up to now: the next history.list from an older cursor gets 404. */
  expireHistory(): void {
    this.oldestHistoryId = this.historyId;
    this.history.length = 0;
  }
}
