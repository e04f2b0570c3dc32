import { useEffect, useState } from "react";

/** The template checker and renderer (LiquidJS), loaded only when the Policies screen needs them. */
export type ReplyTools = typeof import("@scouts/core/assistant/policies-check") &
  Pick<typeof import("@scouts/core/assistant/reply-templates"), "sampleReply" | "REPLY_VARIABLES">;

let loading: Promise<ReplyTools> | null = null;

function load(): Promise<ReplyTools> {
  loading ??= Promise.all([
    import("@scouts/core/assistant/policies-check"),
    import("@scouts/core/assistant/reply-templates"),
  ]).then(([check, render]) => ({
    ...check,
    sampleReply: render.sampleReply,
    REPLY_VARIABLES: render.REPLY_VARIABLES,
  }));
  return loading;
}

/** The reply tools once loaded (null before), so the main bundle does not carry the template engine. */
export function useReplyTools(): ReplyTools | null {
  const [tools, setTools] = useState<ReplyTools | null>(null);
  useEffect(() => {
    let live = true;
    void load().then((t) => live && setTools(t));
    return () => {
      live = false;
    };
  }, []);
  return tools;
}
