import type { MailAccount, MailPreset, ProbeResponse } from "@scouts/core/protocol/mail-accounts";
import { useEffect, useRef, useState } from "react";
import { AccountApiError, type AccountsApi } from "./accounts-api.ts";
import { errorField, Field, FormErrors } from "./field.tsx";
import {
  FolderChoice,
  NO_SERVER,
  ServerSettings,
  type ServerValues,
  serverFieldIds,
} from "./server-settings.tsx";

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
  const [server, setServer] = useState<ServerValues>(NO_SERVER);
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

  const patchServer = (patch: Partial<ServerValues>) => setServer((s) => ({ ...s, ...patch }));
  const edited = (patch: Partial<ServerValues>) => {
    patchServer(patch);
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
    patchServer({ user: address });
    if (kind && typeof kind === "object") {
      const p = kind.preset;
      patchServer({ host: p.host, port: String(p.port), tls: p.tls });
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
      const settings = await api.find(address).catch((e: unknown) => {
        if (e instanceof AccountApiError && e.status === 400)
          throw new AccountApiError(400, e.message, null, ["email"]);
        throw e;
      });
      if (settings) {
        patchServer({
          host: settings.host,
          port: String(settings.port),
          tls: settings.tls,
          ...(settings.username ? { user: settings.username } : {}),
        });
        const how =
          settings.via === "srv"
            ? "DNS records (SRV)"
            : settings.via === "autoconfig"
              ? "its autoconfig file"
              : "a preset";
        setNote(`Found from ${how}${settings.note ? `. ${settings.note}` : ""}. Check them before going on.`);
      } else setNote(`${address.split("@")[1]} publishes no mail settings: enter them yourself.`);
      setStep("server");
    });
  };
  const { url, user, password } = server;
  const imapForm = () => ({
    host: server.host.trim(),
    port: Number(server.port),
    tls: server.tls,
    user: user.trim(),
    password,
    pinSha256: server.pin.trim() || null,
    auth: server.oauth ? ("xoauth2" as const) : ("password" as const),
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
      patchServer({ password: "" });
      onDone(account);
    });
  // An error the agent gave for a field with none on screen (an email-step error shown later) goes on top.
  const shown = new Set(step === "email" ? ["email"] : serverFieldIds(jmap));
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
          <ServerSettings jmap={jmap} values={server} errors={errors} onChange={edited} />
          {folders && (
            <>
              <FolderChoice jmap={jmap} folders={folders} chosen={chosen} onChange={setChosen} />
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
          <FormErrors messages={general} />
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
      {step === "choose" && <FormErrors messages={general} />}
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
            patchServer({ password: "" });
            onDone(null);
          }}
        >
          Cancel
        </button>
      </div>
    </section>
  );
}
