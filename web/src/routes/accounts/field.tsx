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

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
}

/** A field's hint and its error, with the ids `describedBy` names. */
function Notes({ id, hint, error }: { id: string; hint?: string | undefined; error?: string | undefined }) {
  return (
    <>
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
    </>
  );
}

/** A labelled input with its hint and its error, both read out after the label (aria-describedby). */
export function Field(
  props: { id: string; label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>,
) {
  const { id, label, hint, error, ...input } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...input}
      />
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select with its hint and its error, laid out and described like `Field`. */
export function SelectField<V extends string>(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: V;
  options: { value: V; label: string }[];
  onChange: (value: V) => void;
}) {
  const { id, label, hint, error, value, options, onChange } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Notes id={id} hint={hint} error={error} />
    </div>
  );
}

/** Errors that belong to no field on screen, each read out as it appears. */
export function FormErrors({ messages }: { messages: string[] }) {
  return messages.map((m) => (
    <p key={m} className="field-error" role="alert">
      {m}
    </p>
  ));
}
