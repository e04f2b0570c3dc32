import type { WorkspaceView } from "@scouts/core/workspaces/api";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WorkspaceRow } from "./directory-page.tsx";
import { isSlackDestination, sortForDisplay, workspaceLabel } from "./labels.ts";
import { groupByKind } from "./workspace-picker.tsx";
import { workspacesApi } from "./workspaces-api.ts";

const w = (over: Partial<WorkspaceView>): WorkspaceView => ({
  id: "w",
  spaceId: "s",
  workspaceKey: "slack://channel/C0A",
  kind: "channel",
  displayName: null,
  memberCount: null,
  archived: false,
  tags: [],
  firstSeenAt: 0,
  lastSeenAt: 0,
  ...over,
});

describe("workspace directory (PWA)", () => {
  it("labels unnamed places by id and sorts named ones first", () => {
    expect(workspaceLabel(w({}))).toBe("C0A (unnamed)");
    expect(workspaceLabel(w({ workspaceKey: "gmail://list/dev.example.org", kind: "list" }))).toBe(
      "dev.example.org",
    );
    const sorted = sortForDisplay([
      w({ workspaceKey: "slack://channel/C0Z" }),
      w({ displayName: "#b" }),
      w({ displayName: "#a" }),
    ]);
    expect(sorted.map((x) => workspaceLabel(x))).toEqual(["#a", "#b", "C0Z (unnamed)"]);
  });

  it("offers only live Slack places as slack_post destinations, grouped by kind", () => {
    const all = [
      w({ workspaceKey: "slack://im/U0ADA", kind: "dm" }),
      w({ displayName: "#old", archived: true }),
      w({ workspaceKey: "gmail://list/dev.example.org", kind: "list" }),
      w({ displayName: "#general" }),
    ];
    const groups = groupByKind(all.filter(isSlackDestination));
    expect(groups.map(([kind, list]) => [kind, list.map(workspaceLabel)])).toEqual([
      ["channel", ["#general"]],
      ["dm", ["U0ADA (unnamed)"]],
    ]);
  });

  it("renders a row with an accessible remove button", () => {
    const html = renderToStaticMarkup(
      <table>
        <tbody>
          <WorkspaceRow
            w={w({ displayName: "#general", memberCount: 12, lastSeenAt: 0 })}
            now={3 * 86_400_000}
            onDelete={() => {}}
          />
        </tbody>
      </table>,
    );
    expect(html).toContain("#general");
    expect(html).toContain("3 d ago");
    expect(html).toContain('aria-label="Remove #general"');
  });

  it("calls the cloud API with the device token and surfaces its error message", async () => {
    const seen: Array<[string, RequestInit | undefined]> = [];
    const api = workspacesApi({ baseUrl: "http://127.0.0.1:8787/", token: "tok" }, async (input, init) => {
      seen.push([String(input), init]);
      return new Response(
        JSON.stringify({ error: { code: "bad_input", message: "invalid workspace key: …" } }),
        { status: 400 },
      );
    });
    await expect(api.upsert({ workspaceKey: "nope" })).rejects.toThrow(/invalid workspace key/);
    expect(seen[0]![0]).toBe("http://127.0.0.1:8787/api/v1/workspaces");
    expect((seen[0]![1]!.headers as Record<string, string>).authorization).toBe("Bearer tok");
  });
});
