import { type AnyRoute, createRoute } from "@tanstack/react-router";
import { useMemo } from "react";
import { type AgentConnection, accountsApi } from "./accounts-api.ts";
import { AccountsPage } from "./accounts-page.tsx";

/** The shell's hook for the paired local agent; set once by `createAccountsRoute`. */
let useAgentConnection: () => AgentConnection | null = () => null;

/** `/accounts`: the mail accounts the local agent reads itself; they exist only with an agent. */
export function AccountsScreen() {
  const agent = useAgentConnection();
  const baseUrl = agent?.baseUrl;
  const token = agent?.token;
  // Keyed on the strings: a fresh connection object each render must not refetch everything.
  const api = useMemo(() => (baseUrl && token ? accountsApi({ baseUrl, token }) : null), [baseUrl, token]);
  if (!api)
    return (
      <section className="state" aria-labelledby="accounts-title">
        <h1 id="accounts-title">Accounts</h1>
        <p role="status">
          Mail accounts (IMAP and JMAP: Fastmail, iCloud, Proton Bridge, your company's server) are read by
          Scouts' local agent on your computer, and their passwords stay there. Start the agent and pair this
          browser with it to add or check an account.
        </p>
      </section>
    );
  return <AccountsPage api={api} />;
}

/**
 * The `/accounts` route under the PWA shell's root; `useAgent` is the shell's hook for the paired agent.
 * @example rootRoute.addChildren([createAccountsRoute(rootRoute, useAgentConnection)])
 */
export function createAccountsRoute<P extends AnyRoute>(parent: P, useAgent: () => AgentConnection | null) {
  useAgentConnection = useAgent;
  return createRoute({ getParentRoute: () => parent, path: "/accounts", component: AccountsScreen });
}
