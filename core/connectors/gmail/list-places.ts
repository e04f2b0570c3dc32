import { extractEmailWorkspaces } from "../../workspaces/extractors/gmail.ts";
import type { HarvestedWorkspace } from "../../workspaces/types.ts";
import { batchGetMessages } from "./batch-get.ts";
import type { GmailClient, GmailClientDeps } from "./client.ts";
import type { GmailMessage } from "./message-resource.ts";

/**
 * The onboarding scan for Gmail: mailing lists (List-Id) among the newest `sample` messages.
 * Reads only the List-Id header (format=metadata); run on a person's explicit request.
 */
export async function listGmailPlaces(
  client: GmailClient,
  deps: Pick<GmailClientDeps, "sleep" | "random" | "clock" | "logger" | "maxAttempts">,
  input: { sample: number; limit: number },
): Promise<HarvestedWorkspace[]> {
  const page = await client.json<{ messages?: Array<{ id: string }> }>({
    method: "messages.list",
    path: "/messages",
    query: new URLSearchParams({ maxResults: String(Math.min(input.sample, 500)) }),
  });
  const ids = (page.messages ?? []).map((m) => m.id);
  const byId = await batchGetMessages<GmailMessage>(
    client,
    deps,
    ids,
    "format=metadata&metadataHeaders=List-Id",
  );
  const places = new Map<string, HarvestedWorkspace>();
  for (const msg of byId.values()) {
    for (const place of extractEmailWorkspaces(msg.payload?.headers ?? [])) {
      if (!places.has(place.workspaceKey)) places.set(place.workspaceKey, place);
    }
  }
  return [...places.values()].slice(0, input.limit);
}
