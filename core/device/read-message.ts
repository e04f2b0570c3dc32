import { readableMessage } from "../assistant/read-message.ts";
import { CoreError } from "../errors.ts";
import type { Suggestion } from "../protocol/local-api.ts";
import type { ReadableMessage } from "../protocol/message.ts";
import type { ReadItemAnswer } from "./hub-link.ts";

const refusals: Record<string, [CoreError["code"], string]> = {
  offline: ["upstream_unavailable", "reading a message needs the connection to the cloud; it is offline now"],
  timeout: ["timeout", "the cloud did not answer in time; try again"],
  not_found: ["not_found", "the cloud has no such message for you (it may have expired after 30 days)"],
  needs_reauth: [
    "needs_reauth",
    "the mail account needs to be connected again before its messages can be read",
  ],
  device_revoked: ["forbidden", "this device was signed out"],
};

/**
 * Opens a cloud suggestion's message for reading: asks the user's DeviceHub (`read_item`, answered
 * to this device only with content the Worker fetched now and keeps nowhere) and parses it here.
 * The answer lives in memory for the reading view only.
 *
 * @example await readCloudMessage({ ctx: { readItemAnswer: link.readItemAnswer }, input: { suggestion } })
 */
export async function readCloudMessage({
  ctx,
  input,
}: {
  ctx: { readItemAnswer: (proposalId: string) => Promise<ReadItemAnswer> };
  input: { suggestion: Suggestion };
}): Promise<ReadableMessage> {
  const s = input.suggestion;
  if (!["gmail", "slack", "demo"].includes(s.source))
    throw new CoreError("bad_input", `a ${s.source} suggestion is not read through the cloud`);
  const answer = await ctx.readItemAnswer(s.id);
  if ("error" in answer) {
    const [code, message] = refusals[answer.error] ?? [
      "upstream_unavailable",
      `the cloud refused (${answer.error})`,
    ];
    throw new CoreError(code, message);
  }
  const { item } = answer;
  const thread = item.thread ?? [];
  if (item.raw !== undefined)
    return readableMessage({ input: { raw: item.raw, date: item.date, id: s.sourceMsgRef, thread } });
  return {
    from: item.from.slice(0, 1000),
    to: "",
    cc: "",
    subject: item.subject.slice(0, 2000),
    date: item.date,
    html: null,
    text: (item.text ?? "").slice(0, 500_000),
    attachments: [],
    truncated: false,
    thread: thread.filter((t) => t.id !== s.sourceMsgRef),
  };
}
