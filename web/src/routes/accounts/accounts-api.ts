import {
  AccountFolderList,
  AddedMailAccount,
  FindResponse,
  type MailAccount,
  MailAccountList,
  MailAccountTest,
  type MailAccountWithHealth,
  MailPresetList,
  ProbeResponse,
  RemovedMailAccount,
  SyncControlResponse,
} from "@scouts/core/protocol/mail-accounts";

/** Where the local agent listens and the token it paired us with. */
export interface AgentConnection {
  baseUrl: string;
  token: string;
}

/** What the person types for an IMAP account; the password lives only in memory until it is sent. */
export interface ImapForm {
  host: string;
  port: number;
  tls: "on" | "starttls" | "off";
  user: string;
  password: string;
  pinSha256: string | null;
  auth: "password" | "xoauth2";
  folders?: string[];
  label?: string;
}
export interface JmapForm {
  url: string;
  user: string;
  password: string;
  label?: string;
}

/**
 * The agent's refusal: `reason` is its account error code (auth_failed, tls_failed,
 * certificate_changed, unreachable, protocol), `fields` the invalid fields it named.
 */
export class AccountApiError extends Error {
  readonly status: number;
  readonly reason: string | null;
  readonly fields: string[];
  constructor(status: number, message: string, reason: string | null, fields: string[]) {
    super(message);
    this.status = status;
    this.reason = reason;
    this.fields = fields;
  }
}

/**
 * Typed client for the agent's `/local/v1/mail-accounts` routes (answers parsed with the shared schemas).
 * @example const api = accountsApi({ baseUrl: "http://127.0.0.1:8788", token }); await api.list()
 */
export function accountsApi(conn: AgentConnection) {
  const base = `${conn.baseUrl.replace(/\/+$/, "")}/local/v1/mail-accounts`;
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${conn.token}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => null)) as {
      error?: { message?: string; details?: { reason?: string; issues?: { path: string }[] } };
    } | null;
    if (!res.ok) {
      const details = data?.error?.details;
      throw new AccountApiError(
        res.status,
        data?.error?.message ?? `the agent answered ${res.status}`,
        details?.reason ?? null,
        (details?.issues ?? []).map((i) => i.path.split(".")[0] ?? ""),
      );
    }
    return data;
  };
  const id = encodeURIComponent;
  return {
    list: async (): Promise<MailAccountWithHealth[]> => MailAccountList.parse(await call("GET", "")).accounts,
    presets: async () => MailPresetList.parse(await call("GET", "/presets")).presets,
    find: async (email: string) => FindResponse.parse(await call("GET", `/find?email=${id(email)}`)).found,
    probe: async (form: ImapForm) => ProbeResponse.parse(await call("POST", "/probe", form)).folders,
    add: async (form: ImapForm): Promise<MailAccount> =>
      AddedMailAccount.parse(await call("POST", "", form)).account,
    probeJmap: async (form: JmapForm) => ProbeResponse.parse(await call("POST", "/jmap/probe", form)).folders,
    addJmap: async (form: JmapForm): Promise<MailAccount> =>
      AddedMailAccount.parse(await call("POST", "/jmap", form)).account,
    test: async (accountId: string) => MailAccountTest.parse(await call("POST", `/${id(accountId)}/test`)),
    pause: async (accountId: string) =>
      SyncControlResponse.parse(await call("POST", `/${id(accountId)}/pause`, {})),
    resume: async (accountId: string) =>
      SyncControlResponse.parse(await call("POST", `/${id(accountId)}/resume`, {})),
    /** The account's folders with their special use, for "Move to…". */
    folders: async (accountId: string) =>
      AccountFolderList.parse(await call("GET", `/${id(accountId)}/folders`)).folders,
    remove: async (accountId: string) => RemovedMailAccount.parse(await call("DELETE", `/${id(accountId)}`)),
  };
}
export type AccountsApi = ReturnType<typeof accountsApi>;
