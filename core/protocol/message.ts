import { z } from "zod";

/** One other message of the thread, as the reading view lists it: who, when, the first line. */
export const ThreadEntry = z.object({
  id: z.string().max(256),
  from: z.string().max(1000),
  date: z.number(),
  firstLine: z.string().max(300),
});
export type ThreadEntry = z.infer<typeof ThreadEntry>;

/** Caps of what the reading view receives (the device sanitises and renders it; nothing is kept). */
export const MESSAGE_CAPS = {
  /** Characters of HTML body handed to the renderer. */
  html: 1_000_000,
  text: 500_000,
  attachments: 100,
  thread: 50,
} as const;

/**
 * A message opened for reading: parsed on the device from the content the cloud (or the local
 * mailbox) fetched on demand. The HTML is unsanitised here: the renderer sanitises it.
 * `GET /suggestions/:id/message` on the agent; built in the browser from a `read_item` answer.
 */
export const ReadableMessage = z.object({
  from: z.string().max(1000),
  to: z.string().max(10_000),
  cc: z.string().max(10_000),
  subject: z.string().max(2000),
  date: z.number(),
  html: z.string().max(MESSAGE_CAPS.html).nullable(),
  text: z.string().max(MESSAGE_CAPS.text).nullable(),
  attachments: z
    .array(z.object({ filename: z.string().max(500), mimeType: z.string().max(200), size: z.number() }))
    .max(MESSAGE_CAPS.attachments),
  /** Part of the body was cut to the caps (or the provider gave headers and snippet only). */
  truncated: z.boolean(),
  thread: z.array(ThreadEntry).max(MESSAGE_CAPS.thread),
});
export type ReadableMessage = z.infer<typeof ReadableMessage>;
