import type { ReactNode } from "react";
import { useConnection } from "./connection.tsx";

/** Shared empty / error / needs-source states so every screen reads the same way. */
export function Empty(props: { title: string; children?: ReactNode }) {
  return (
    <div className="state empty" role="status">
      <p className="state-title">{props.title}</p>
      {props.children}
    </div>
  );
}

export function ErrorState(props: { error: Error; retry?: () => void }) {
  return (
    <div className="state error" role="alert">
      <p className="state-title">Something went wrong</p>
      <p>{props.error.message}</p>
      {props.retry && (
        <button type="button" onClick={props.retry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Shown by screens that need a live source (agent or device) while offline. */
export function NeedsSource(props: { what: string }) {
  const { mode, retry } = useConnection();
  if (mode === "connecting") return <p role="status">Connecting…</p>;
  return (
    <div className="state offline" role="status">
      <p className="state-title">Offline</p>
      <p>{props.what} needs your local agent or this browser's device connection.</p>
      <button type="button" onClick={retry}>
        Reconnect
      </button>
    </div>
  );
}
