import { agentTask } from "./actions/agent-task.ts";
import { approval } from "./actions/approval.ts";
import { mailboxArchive, mailboxLabel, mailboxMarkRead, mailboxTrash } from "./actions/mailbox.ts";
import { notification } from "./actions/notification.ts";
import { saveArtifact } from "./actions/save-artifact.ts";
import { slackPost } from "./actions/slack-post.ts";
import { transformData } from "./actions/transform-data.ts";
import { type Capability, type CapabilityRegistry, createRegistry } from "./types.ts";

/** Every native capability, in the order the registry lists them. */
export const nativeCapabilities: Capability[] = [
  transformData,
  notification,
  slackPost,
  mailboxLabel,
  mailboxArchive,
  mailboxMarkRead,
  mailboxTrash,
  saveArtifact,
  agentTask,
  approval,
];

/**
 * The native registry plus any extra capabilities (harvested MCP tools).
 * @example nativeRegistry().get("transform_data")?.sideEffects // ["READ"]
 */
export function nativeRegistry(extra: Capability[] = []): CapabilityRegistry {
  return createRegistry([...nativeCapabilities, ...extra]);
}
