import { MAX_IN_PROCESS_SLEEP_MS } from "../../connectors/http/backoff.ts";
import { CoreError } from "../../errors.ts";
import type { FetchLike, Sleep } from "../../ports.ts";
import type { ChatMessage, ChatReply } from "../registry/types.ts";

export interface LlmConfig {
  baseUrl: string;
  apiKey?: string;
  model: string;
}

interface Completion {
  choices?: {
    message?: {
      content?: string | null;
      tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    };
  }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/** A rough price per 1k tokens so budgets can count model calls; real prices vary by provider. */
const USD_PER_1K_TOKENS = 0.002;

/**
 * Chat completions against an OpenAI-compatible endpoint (`LLM_BASE_URL`). Retries 429/5xx with
 * `Retry-After` (or backoff) up to 3 times, sleeping at most `MAX_IN_PROCESS_SLEEP_MS`: a longer
 * Retry-After fails at once with `retryAfterSeconds` for the caller's queue or alarm to wait out.
 * Other errors are `upstream_rejected`.
 * @example const reply = await createChat({ fetch, sleep, config })({ messages: [{ role: "user", content: "hi" }] });
 */
export function createChat(deps: { fetch: FetchLike; sleep: Sleep; config: LlmConfig }) {
  const url = `${deps.config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return async (input: { messages: ChatMessage[]; tools?: unknown[] }): Promise<ChatReply> => {
    const body = JSON.stringify({
      model: deps.config.model,
      messages: input.messages,
      ...(input.tools ? { tools: input.tools } : {}),
      temperature: 0,
    });
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await deps.fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(deps.config.apiKey ? { authorization: `Bearer ${deps.config.apiKey}` } : {}),
          },
          body,
        });
      } catch (e) {
        if (attempt >= 3)
          throw new CoreError("upstream_unavailable", "language model endpoint unreachable", { cause: e });
        await deps.sleep(500 * attempt);
        continue;
      }
      if (res.status === 429 || res.status >= 500) {
        const retryAfter = Number(res.headers.get("retry-after"));
        // A wait longer than a few seconds is handed back ("retry after N s"), never slept here.
        if (attempt >= 3 || (Number.isFinite(retryAfter) && retryAfter * 1000 > MAX_IN_PROCESS_SLEEP_MS)) {
          throw new CoreError(
            res.status === 429 ? "rate_limited" : "upstream_unavailable",
            `language model answered ${res.status}`,
            {
              ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
            },
          );
        }
        await deps.sleep(
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 500 * 2 ** attempt,
        );
        continue;
      }
      if (!res.ok) throw new CoreError("upstream_rejected", `language model answered ${res.status}`);
      const data = (await res.json().catch(() => ({}))) as Completion;
      const msg = data.choices?.[0]?.message;
      if (!msg) throw new CoreError("upstream_rejected", "language model reply has no message");
      const tokens = (data.usage?.prompt_tokens ?? 0) + (data.usage?.completion_tokens ?? 0);
      return {
        content: msg.content ?? null,
        ...(msg.tool_calls?.length
          ? {
              toolCalls: msg.tool_calls.map((t) => ({
                id: t.id,
                name: t.function.name,
                arguments: t.function.arguments,
              })),
            }
          : {}),
        costUsd: (tokens / 1000) * USD_PER_1K_TOKENS,
      };
    }
  };
}
