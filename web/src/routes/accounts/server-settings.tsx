import type { ProbeResponse } from "@scouts/core/protocol/mail-accounts";
import { Field, SelectField } from "./field.tsx";

export type Tls = "on" | "starttls" | "off";

/** What the person enters (or the agent found) to reach the server. */
export interface ServerValues {
  url: string;
  host: string;
  port: string;
  tls: Tls;
  user: string;
  password: string;
  pin: string;
  oauth: boolean;
}

export const NO_SERVER: ServerValues = {
  url: "",
  host: "",
  port: "993",
  tls: "on",
  user: "",
  password: "",
  pin: "",
  oauth: false,
};

const TLS_OPTIONS: { value: Tls; label: string }[] = [
  { value: "on", label: "TLS" },
  { value: "starttls", label: "STARTTLS" },
  { value: "off", label: "None (this computer only)" },
];

/** The fields `ServerSettings` shows, for errors that belong to none of them. */
export function serverFieldIds(jmap: boolean): string[] {
  return jmap ? ["url", "user", "password"] : ["host", "port", "tls", "user", "password", "pinSha256"];
}

/**
 * The server settings of "Add account": the JMAP URL, or IMAP host, port and security with an
 * optional pinned certificate and OAuth2 token; then user name and password. Each error sits
 * next to its field.
 */
export function ServerSettings({
  jmap,
  values,
  errors,
  onChange,
}: {
  jmap: boolean;
  values: ServerValues;
  errors: Record<string, string>;
  onChange: (patch: Partial<ServerValues>) => void;
}) {
  const plain = { autoCapitalize: "none", spellCheck: false } as const;
  return (
    <>
      {jmap ? (
        <Field
          id="url"
          label="JMAP URL"
          type="url"
          value={values.url}
          onChange={(e) => onChange({ url: e.target.value })}
          error={errors.url}
        />
      ) : (
        <>
          <Field
            id="host"
            label="IMAP server"
            {...plain}
            value={values.host}
            onChange={(e) => onChange({ host: e.target.value })}
            error={errors.host}
          />
          <Field
            id="port"
            label="Port"
            inputMode="numeric"
            value={values.port}
            onChange={(e) => onChange({ port: e.target.value })}
            error={errors.port}
          />
          <SelectField
            id="tls"
            label="Security"
            value={values.tls}
            options={TLS_OPTIONS}
            onChange={(tls) => onChange({ tls })}
            hint="Usually TLS on port 993, or STARTTLS on 143."
            error={errors.tls}
          />
        </>
      )}
      <Field
        id="user"
        label="User name"
        {...plain}
        value={values.user}
        onChange={(e) => onChange({ user: e.target.value })}
        error={errors.user}
      />
      <Field
        id="password"
        label={values.oauth ? "Access token" : "Password or app password"}
        type="password"
        autoComplete="off"
        value={values.password}
        onChange={(e) => onChange({ password: e.target.value })}
        error={errors.password}
        hint="Sent once to the agent on this computer, which keeps it encrypted. This browser does not store it."
      />
      {!jmap && (
        <>
          <label className="switch">
            <input
              type="checkbox"
              checked={values.oauth}
              onChange={(e) => onChange({ oauth: e.target.checked })}
            />
            The password is an OAuth2 access token (Outlook.com, Gmail)
          </label>
          <Field
            id="pinSha256"
            label="Pinned certificate (SHA-256, optional)"
            {...plain}
            value={values.pin}
            onChange={(e) => onChange({ pin: e.target.value })}
            error={errors.pinSha256}
            hint="For a self-signed server such as Proton Bridge: the fingerprint it shows."
          />
        </>
      )}
    </>
  );
}

/** The folders a tested connection found, to pick which are read (JMAP reads its inbox only). */
export function FolderChoice({
  jmap,
  folders,
  chosen,
  onChange,
}: {
  jmap: boolean;
  folders: ProbeResponse["folders"];
  chosen: Set<string>;
  onChange: (chosen: Set<string>) => void;
}) {
  return (
    <fieldset className="folders">
      <legend>{jmap ? "Mailboxes (the inbox is read)" : "Folders to read"}</legend>
      {folders.map((f) => (
        <label key={f.path} className="switch">
          <input
            type="checkbox"
            disabled={jmap}
            checked={chosen.has(f.path)}
            onChange={(e) => {
              const next = new Set(chosen);
              if (e.target.checked) next.add(f.path);
              else next.delete(f.path);
              onChange(next);
            }}
          />
          {f.path}
          {f.specialUse ? ` (${f.specialUse.replace("\\", "")})` : ""}
        </label>
      ))}
    </fieldset>
  );
}
