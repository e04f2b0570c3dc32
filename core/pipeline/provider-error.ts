import { isCoreError } from "../errors.ts";

const SLACK_CODE = /^[a-z0-9_]{1,64}$/;

/**
 * What a person is told went wrong with a provider call: the error class plus the provider's own
 * code, an HTTP status or a Slack error code (never a message body or any content). Slack codes
 * are a fixed snake_case vocabulary; anything else is left out.
 * @example providerErrorCode(new CoreError("upstream_unavailable", "…", { details: { httpStatus: 503 } })) // "upstream_unavailable (HTTP 503)"
 */
export function providerErrorCode(e: unknown): string {
  if (!isCoreError(e)) return "internal";
  const status = e.details?.httpStatus;
  const slack = e.details?.slackError;
  const parts: string[] = [];
  if (typeof status === "number" && Number.isInteger(status) && status >= 100 && status <= 599)
    parts.push(`HTTP ${status}`);
  if (typeof slack === "string" && SLACK_CODE.test(slack)) parts.push(`Slack ${slack}`);
  return parts.length ? `${e.code} (${parts.join(", ")})` : e.code;
}
