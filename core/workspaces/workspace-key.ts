import { CoreError } from "../errors.ts";
import type { WorkspaceKind, WorkspaceScheme } from "./types.ts";

export interface ParsedWorkspaceKey {
  scheme: WorkspaceScheme;
  kind: WorkspaceKind;
  id: string;
  teamId?: string;
  /** The canonical URI. */
  key: string;
}

const SLACK_CONVERSATION = /^[CG][A-Z0-9]{2,30}$/;
const SLACK_USER = /^[UW][A-Z0-9]{2,30}$/;
const SLACK_DM = /^D[A-Z0-9]{2,30}$/;
/** DM keys name the conversation (D…); person-keyed `slack://im/U…` rows from before still parse. */
const SLACK_DM_OR_LEGACY = /^[DUW][A-Z0-9]{2,30}$/;
const SLACK_TEAM = /^[TE][A-Z0-9]{2,30}$/;
// RFC 2919 list-id: list-label "." namespace, dot-atom text (no "/", "<", ">" or spaces).
const LIST_ID = /^[a-z0-9!#$%&'*+\-=?^_`{|}~]+(\.[a-z0-9!#$%&'*+\-=?^_`{|}~]+)+$/;

/** Slack path segment → (kind, id pattern). `channel` covers public and private channels. */
const SLACK_PATHS: Record<string, { kind: WorkspaceKind; id: RegExp; what: string }> = {
  channel: { kind: "channel", id: SLACK_CONVERSATION, what: "a channel id like C024BE91L" },
  group: { kind: "group", id: SLACK_CONVERSATION, what: "a group DM id like G024BE91L" },
  im: { kind: "dm", id: SLACK_DM_OR_LEGACY, what: "a DM conversation id like D024BE91L" },
};

const bad = (message: string, value: string) =>
  new CoreError("bad_input", `invalid workspace key: ${message}`, {
    details: { value: value.slice(0, 300) },
  });

/**
 * Parses a workspace key URI: `slack://channel/{id}`, `slack://group/{id}`, `slack://im/{user_id}`,
 * `slack://team/{team_id}/channel/{id}` (and `/group/`, `/im/`), `gmail://list/{list-id}`.
 * @example parseWorkspaceKey("slack://team/T1/channel/C024BE91L") // { scheme: "slack", kind: "channel", id: "C024BE91L", teamId: "T1", … }
 */
export function parseWorkspaceKey(uri: string): ParsedWorkspaceKey {
  if (typeof uri !== "string" || uri.length > 300)
    throw bad("must be a string of at most 300 characters", String(uri));
  const m = /^([a-z]+):\/\/(.+)$/.exec(uri);
  if (!m) throw bad("expected scheme://kind/id, e.g. slack://channel/C024BE91L", uri);
  const scheme = m[1]!;
  const parts = m[2]!.split("/");
  if (scheme === "gmail") {
    const [kind, id, ...rest] = parts;
    if (kind !== "list" || !id || rest.length) throw bad("gmail keys look like gmail://list/{list-id}", uri);
    const listId = id.toLowerCase();
    if (!LIST_ID.test(listId)) throw bad("list-id must look like announce.example.com (RFC 2919)", uri);
    return { scheme: "gmail", kind: "list", id: listId, key: `gmail://list/${listId}` };
  }
  if (scheme !== "slack") throw bad(`unknown scheme "${scheme}" (slack or gmail)`, uri);
  let teamId: string | undefined;
  let rest = parts;
  if (parts[0] === "team") {
    teamId = parts[1];
    if (!teamId || !SLACK_TEAM.test(teamId)) throw bad("team id must look like T024BE7LD", uri);
    rest = parts.slice(2);
  }
  const [segment, id, ...extra] = rest;
  const shape = segment ? SLACK_PATHS[segment] : undefined;
  if (!shape || !id || extra.length)
    throw bad("slack keys look like slack://channel/{id} or slack://im/{user_id}", uri);
  if (!shape.id.test(id)) throw bad(`${segment} id must be ${shape.what}`, uri);
  const key = `slack://${teamId ? `team/${teamId}/` : ""}${segment}/${id}`;
  return { scheme: "slack", kind: shape.kind, id, ...(teamId ? { teamId } : {}), key };
}

/**
 * Builds the one canonical key for a place a connector has seen, the same on every path (Events
 * API, triage, onboarding scan). Slack keys are never team-qualified: conversation ids are unique
 * across an Enterprise Grid org and its workspaces, and events name the team in several ways
 * (team_id, context_team_id, enterprise_id), so qualifying gave one channel two keys. DMs and
 * group DMs are keyed by their conversation id, never by a person.
 * @example deriveWorkspaceKey({ input: { scheme: "gmail", kind: "list", id: "Announce.Example.com" } }) // "gmail://list/announce.example.com"
 */
export function deriveWorkspaceKey({
  input,
}: {
  input: { scheme: WorkspaceScheme; kind: WorkspaceKind; id: string };
}): string {
  const { scheme, kind, id } = input;
  if (scheme === "gmail") {
    if (kind !== "list") throw new CoreError("bad_input", `gmail workspaces are lists, not ${kind}`);
    return parseWorkspaceKey(`gmail://list/${id}`).key;
  }
  const segment = kind === "dm" ? "im" : kind === "group" ? "group" : kind === "channel" ? "channel" : null;
  if (!segment) throw new CoreError("bad_input", `slack workspaces are channel, group or dm, not ${kind}`);
  if (kind === "dm" && !SLACK_DM.test(id))
    throw new CoreError("bad_input", "a Slack DM is keyed by its conversation id (D…), not a person");
  return parseWorkspaceKey(`slack://${segment}/${id}`).key;
}

/**
 * The provider id from either a raw id or a full key URI, so an action (e.g. `slack_post`)
 * accepts `C024BE91L` or `slack://channel/C024BE91L` alike.
 * @example extractIdForScheme("slack://channel/C024BE91L", "slack") // "C024BE91L"
 */
export function extractIdForScheme(value: string, scheme: WorkspaceScheme): string {
  if (typeof value !== "string" || !value.trim()) throw new CoreError("bad_input", "workspace id is empty");
  const v = value.trim();
  if (v.includes("://")) {
    const parsed = parseWorkspaceKey(v);
    if (parsed.scheme !== scheme) {
      throw new CoreError("bad_input", `expected a ${scheme} workspace, got a ${parsed.scheme} key`);
    }
    return parsed.id;
  }
  if (scheme === "slack") {
    if (SLACK_CONVERSATION.test(v) || SLACK_USER.test(v) || /^D[A-Z0-9]{2,30}$/.test(v)) return v;
    throw new CoreError("bad_input", "not a Slack channel or user id (e.g. C024BE91L) nor a slack:// key");
  }
  const listId = v.replace(/^<|>$/g, "").toLowerCase();
  if (LIST_ID.test(listId)) return listId;
  throw new CoreError("bad_input", "not a mailing-list id (e.g. announce.example.com) nor a gmail:// key");
}
