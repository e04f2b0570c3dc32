import type { MailAccount, MailPreset, ProbeResponse } from "@scouts/core/protocol/mail-accounts";
import { useEffect, useRef, useState } from "react";
import { AccountApiError, type AccountsApi } from "./accounts-api.ts";
import { errorField, Field } from "./field.tsx";

const PRESET_NAMES: Record<string, string> = {
  fastmail: "Fastmail",
  icloud: "iCloud",
  "proton-bridge": "Proton Bridge",
  outlook: "Outlook.com",
  yahoo: "Yahoo",
  gmail: "Gmail",
};
type Kind = { preset: MailPreset } | "other" | "jmap";
type Step = "choose" | "email" | "server";
type Folder = ProbeResponse["folders"][number];

/**
 * "Add account": a provider (preset, Other, JMAP) → the address → the server settings (found by the
 * agent: preset, SRV or autoconfig; editable) → password → connection test → folders → Add. The
 * password stays in this component's memory and goes only to the loopback agent.
 */
export function AddAccount({
  api,
  onDone,
}: {
  api: AccountsApi;
  onDone: (added: MailAccount | null) => void;
}) {
  const [presets, setPresets] = useState<MailPreset[]>([]);
  const [kind, setKind] = useState<Kind | null>(null);
  const [step, setStep] = useState<Step>("choose");
  const [email, setEmail] = useState("");
  const [host, setHost] = useState("");
  const [port, setPort] = useState("993");
  const [tls, setTls] = useState<"on" | "starttls" | "off">("on");
  const [user, setUser] = useState("");
  const [password, setPassword] = useState("");
  const [pin, setPin] = useState("");
  const [oauth, setOauth] = useState(false);
  const [url, setUrl] = useState("");
  const [label, setLabel] = useState("");
  const [note, setNote] = useState("");
  const [folders, setFolders] = useState<Folder[] | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set(["INBOX"]));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState("");
  const title = useRef<HTMLHeadingElement>(null);
  const jmap = kind === "jmap";

  useEffect(() => {
    api.presets().then(setPresets, (e: Error) => setErrors({ form: e.message }));
  }, [api]);
  useEffect(() => {
    title.current?.focus();
  }, []);

  const edited =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setFolders(null);
      setErrors({});
    };
  const attempt = async (what: string, fn: () => Promise<void>) => {
    setBusy(what);
    setErrors({});
    try {
      await fn();
    } catch (e) {
      if (e instanceof AccountApiError) setErrors({ [errorField(e, jmap)]: e.message });
      else setErrors({ form: (e as Error).message });
    } finally {
      setBusy("");
    }
  };
  const choose = (k: Kind) => {
    setKind(k);
    setErrors({});
    if (k === "jmap") {
      setNote("The JMAP session URL (https://…/.well-known/jmap or the server's origin).");
      setStep("server");
    } else setStep("email");
  };
  const fromEmail = async (find: boolean) => {
    const address = email.trim();
    setUser(address);
    if (kind && typeof kind === "object") {
      const p = kind.preset;
      setHost(p.host);
      setPort(String(p.port));
      setTls(p.tls);
      setNote(p.note);
      setStep("server");
      return;
    }
    if (!find) {
      setNote("Your provider's help pages list these settings.");
      setStep("server");
      return;
    }
    await attempt("find", async () => {
      if (!address.includes("@")) throw new AccountApiError(400, "Enter an email address.", null, ["email"]);
      const found = await api.find(address).catch((e: unknown) => {
        if (e instanceof AccountApiError && e.status === 400)
          throw new AccountApiError(400, e.message, null, ["email"]);
        throw e;
      });
      if (found) {
        setHost(found.host);
        setPort(String(found.port));
        setTls(found.tls);
        if (found.username) setUser(found.username);
        const how =
          found.via === "srv"
            ? "DNS records (SRV)"
            : found.via === "autoconfig"
              ? "its autoconfig file"
              : "a preset";
        setNote(`Found from ${how}${found.note ? `. ${found.note}` : ""}. Check them before going on.`);
      } else setNote(`${address.split("@")[1]} publishes no mail settings: enter them yourself.`);
      setStep("server");
    });
  };
  const imapForm = () => ({
    host: host.trim(),
    port: Number(port),
    tls,
    user: user.trim(),
    password,
    pinSha256: pin.trim() || null,
    auth: oauth ? ("xoauth2" as const) : ("password" as const),
  });
  const test = () =>
    attempt("test", async () => {
      const found = jmap
        ? await api.probeJmap({ url: url.trim(), user: user.trim(), password })
        : await api.probe(imapForm());
      setFolders(found);
      setChosen(new Set(found.some((f) => f.path === "INBOX") ? ["INBOX"] : []));
    });
  const add = () =>
    attempt("add", async () => {
      const account = jmap
        ? await api.addJmap({ url: url.trim(), user: user.trim(), password, ...(label ? { label } : {}) })
        : await api.add({
            ...imapForm(),
            folders: (folders ?? []).map((f) => f.path).filter((p) => chosen.has(p)),
            ...(label ? { label } : {}),
          });
      setPassword("");
      onDone(account);
    });
  // An error the agent gave for a field with none on screen (an email-step error shown later) goes on top.
  const shown = new Set(
    step === "email"
      ? ["email"]
      : jmap
        ? ["url", "user", "password"]
        : ["host", "port", "tls", "user", "password", "pinSha256"],
  );
  const general = Object.entries(errors)
    .filter(([f]) => !shown.has(f))
    .map(([, m]) => m);

  return (
    <section className="card add-account" aria-labelledby="add-title">
      <h2 id="add-title" ref={title} tabIndex={-1}>
        Add account
      </h2>
      {step === "choose" && (
        <fieldset className="provider-choice">
          <legend>Where is your mail?</legend>
          <div className="toolbar wrap">
            {presets.map((p) => (
              <button key={p.name} type="button" onClick={() => choose({ preset: p })}>
                {PRESET_NAMES[p.name] ?? p.name}
              </button>
            ))}
            <button type="button" onClick={() => choose("other")}>
              Other (IMAP)
            </button>
            <button type="button" onClick={() => choose("jmap")}>
              JMAP server
            </button>
          </div>
        </fieldset>
      )}
      {step === "email" && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void fromEmail(true);
          }}
        >
          <Field
            id="email"
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            hint={
              kind === "other"
                ? "The agent looks up your provider's published settings (DNS, autoconfig)."
                : undefined
            }
          />
          <div className="toolbar wrap">
            <button type="submit" className="primary" disabled={busy !== ""}>
              {busy === "find" ? "Looking…" : kind === "other" ? "Find settings" : "Continue"}
            </button>
            {kind === "other" && (
              <button type="button" onClick={() => void fromEmail(false)}>
                Enter them myself
              </button>
            )}
          </div>
        </form>
      )}
      {step === "server" && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void (folders ? add() : test());
          }}
        >
          {note && <p className="hint">{note}</p>}
          {jmap ? (
            <Field
              id="url"
              label="JMAP URL"
              type="url"
              value={url}
              onChange={(e) => edited(setUrl)(e.target.value)}
              error={errors.url}
            />
          ) : (
            <>
              <Field
                id="host"
                label="IMAP server"
                autoCapitalize="none"
                spellCheck={false}
                value={host}
                onChange={(e) => edited(setHost)(e.target.value)}
                error={errors.host}
              />
              <Field
                id="port"
                label="Port"
                inputMode="numeric"
                value={port}
                onChange={(e) => edited(setPort)(e.target.value)}
                error={errors.port}
              />
              <div className="field">
                <label htmlFor="tls">Security</label>
                <select
                  id="tls"
                  value={tls}
                  onChange={(e) => edited(setTls)(e.target.value as "on" | "starttls" | "off")}
                  aria-invalid={errors.tls ? true : undefined}
                  aria-describedby={errors.tls ? "tls-hint tls-error" : "tls-hint"}
                >
                  <option value="on">TLS</option>
                  <option value="starttls">STARTTLS</option>
                  <option value="off">None (this computer only)</option>
                </select>
                <span id="tls-hint" className="hint">
                  Usually TLS on port 993, or STARTTLS on 143.
                </span>
                {errors.tls && (
                  <span id="tls-error" className="field-error" role="alert">
                    {errors.tls}
                  </span>
                )}
              </div>
            </>
          )}
          <Field
            id="user"
            label="User name"
            autoCapitalize="none"
            spellCheck={false}
            value={user}
            onChange={(e) => edited(setUser)(e.target.value)}
            error={errors.user}
          />
          <Field
            id="password"
            label={oauth ? "Access token" : "Password or app password"}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => edited(setPassword)(e.target.value)}
            error={errors.password}
            hint="Sent once to the agent on this computer, which keeps it encrypted. This browser does not store it."
          />
          {!jmap && (
            <>
              <label className="switch">
                <input type="checkbox" checked={oauth} onChange={(e) => edited(setOauth)(e.target.checked)} />
                The password is an OAuth2 access token (Outlook.com, Gmail)
              </label>
              <Field
                id="pinSha256"
                label="Pinned certificate (SHA-256, optional)"
                autoCapitalize="none"
                spellCheck={false}
                value={pin}
                onChange={(e) => edited(setPin)(e.target.value)}
                error={errors.pinSha256}
                hint="For a self-signed server such as Proton Bridge: the fingerprint it shows."
              />
            </>
          )}
          {folders && (
            <>
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
                        setChosen(next);
                      }}
                    />
                    {f.path}
                    {f.specialUse ? ` (${f.specialUse.replace("\\", "")})` : ""}
                  </label>
                ))}
              </fieldset>
              <Field
                id="label"
                label="Name (optional)"
                value={label}
                onChange={(e) => setLabel(e.target.value)}
              />
            </>
          )}
          <p role="status" className="muted">
            {folders ? "Connection works." : ""}
          </p>
          {general.map((m) => (
            <p key={m} className="field-error" role="alert">
              {m}
            </p>
          ))}
          <div className="toolbar wrap">
            {folders ? (
              <button
                type="submit"
                className="primary"
                disabled={busy !== "" || (!jmap && chosen.size === 0)}
              >
                {busy === "add" ? "Adding…" : "Add"}
              </button>
            ) : (
              <button type="submit" className="primary" disabled={busy !== ""}>
                {busy === "test" ? "Testing…" : "Test connection"}
              </button>
            )}
          </div>
        </form>
      )}
      {step === "choose" &&
        general.map((m) => (
          <p key={m} className="field-error" role="alert">
            {m}
          </p>
        ))}
      <div className="toolbar">
        {step !== "choose" && (
          <button
            type="button"
            onClick={() => {
              setStep("choose");
              setFolders(null);
              setErrors({});
            }}
          >
            Back
          </button>
        )}
        <button
          type="button"
          onClick={() => {
            setPassword("");
            onDone(null);
          }}
        >
          Cancel
        </button>
      </div>
    </section>
  );
}
