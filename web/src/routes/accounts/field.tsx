import type { InputHTMLAttributes } from "react";
import type { AccountApiError } from "./accounts-api.ts";

/** Which field an agent error belongs next to: the password for a refused login, and so on. */
export function errorField(e: AccountApiError, jmap: boolean): string {
  if (e.reason === "auth_failed") return "password";
  if (e.reason === "unreachable") return jmap ? "url" : "host";
  if (e.reason === "tls_failed" || e.reason === "certificate_changed") return jmap ? "url" : "tls";
  const named = e.fields.find((f) =>
    ["email", "host", "port", "user", "password", "tls", "pinSha256", "url"].includes(f),
  );
  return named ?? "form";
}

/** A labelled input with its hint and its error, both read out after the label (aria-describedby). */
export function Field(
  props: { id: string; label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { id, label, hint, error, ...input } = props;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
