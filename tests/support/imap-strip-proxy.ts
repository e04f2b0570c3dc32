import { createInflateRaw } from "node:zlib";
import { startLoopbackFront } from "./loopback-front.ts";

/**
 * A loopback TCP front for a plain-text IMAP server that removes every `[COPYUID …]` response
 * code from what the server says: a server that moves without telling where (no UIDPLUS answer),
 * which a client must handle by finding the message again. Lines are rewritten whole.
 *
 * @example const px = await startCopyUidStripper(dv.port); // connect to px.port; await px.stop()
 */
export async function startCopyUidStripper(target: number) {
  let stripped = 0;
  const front = await startLoopbackFront(target, (down, up) => {
    down.pipe(up);
    let pending = "";
    up.on("data", (chunk: Buffer) => {
      pending += chunk.toString("latin1");
      const cut = pending.lastIndexOf("\n") + 1;
      if (cut === 0) return;
      const lines = pending.slice(0, cut).replace(/\[COPYUID [^\]]*\] ?/g, () => {
        stripped++;
        return "";
      });
      pending = pending.slice(cut);
      down.write(Buffer.from(lines, "latin1"));
    });
  });
  return {
    ...front,
    /** How many COPYUID codes it removed (a test checks the fallback was really exercised). */
    stripped: () => stripped,
  };
}

/**
 * A loopback TCP front that passes a server's bytes through until `stall()` (or until the client
 * sends a line matching `stallOn(re)`): from then on what the server says is dropped (the
 * connection stays open), as a server that hangs mid-command. `resume()` lets new bytes through.
 *
 * @example const px = await startStallingFront(dv.port); px.stall(); await px.stop()
 */
export async function startStallingFront(target: number) {
  let stalled = false;
  let trigger: RegExp | null = null;
  const front = await startLoopbackFront(target, (down, up) => {
    down.on("data", (chunk: Buffer) => {
      if (trigger?.test(chunk.toString("latin1"))) {
        trigger = null;
        stalled = true;
      }
      up.write(chunk);
    });
    up.on("data", (chunk: Buffer) => {
      if (!stalled) down.write(chunk);
    });
  });
  return {
    ...front,
    stall() {
      stalled = true;
    },
    /** Stalls once the client sends a command matching `re` (that command is passed on, its answer is not). */
    stallOn(re: RegExp) {
      trigger = re;
    },
    resume() {
      stalled = false;
    },
  };
}

/**
 * A loopback TCP front that passes a plain-text IMAP server's bytes through unchanged and counts
 * what clients did: connections, and login attempts (`LOGIN` or `AUTHENTICATE` commands), so a
 * test can tell a client that stopped after a refused password from one that kept retrying; and
 * the clients' command lines (the last 2,000, each cut at 200 characters), to see which extensions
 * a client used.
 * `refuse(true)` closes every new connection at once (the network to the server down) until
 * `refuse(false)`; open ones are left alone.
 *
 * @example const px = await startCountingFront(cy.imapPort); px.logins(); await px.stop()
 */
export async function startCountingFront(target: number) {
  let connections = 0;
  let logins = 0;
  let refusing = false;
  const lines: string[] = [];
  const admit = () => {
    connections++;
    return !refusing;
  };
  const front = await startLoopbackFront(
    target,
    (down, up) => {
      up.pipe(down);
      let pending = "";
      // After COMPRESS DEFLATE (RFC 4978) the client's bytes are raw deflate: read through an inflater.
      let inflater: ReturnType<typeof createInflateRaw> | null = null;
      const read = (text: string) => {
        pending = (pending + text).slice(-4096);
        const cut = pending.lastIndexOf("\n") + 1;
        for (const line of pending.slice(0, cut).split("\n")) {
          if (!line) continue;
          if (/^\S+ (LOGIN|AUTHENTICATE) /i.test(line)) logins++;
          lines.push(line.slice(0, 200));
          if (lines.length > 2000) lines.shift();
          if (/^\S+ COMPRESS DEFLATE\r?$/i.test(line) && !inflater) {
            inflater = createInflateRaw();
            inflater.on("data", (d: Buffer) => read(d.toString("latin1")));
            inflater.on("error", () => {});
          }
        }
        pending = pending.slice(cut);
      };
      down.on("data", (chunk: Buffer) => {
        up.write(chunk);
        if (inflater) inflater.write(chunk);
        else read(chunk.toString("latin1"));
      });
    },
    admit,
  );
  return {
    ...front,
    /** Connections accepted so far. */
    connections: () => connections,
    /** LOGIN/AUTHENTICATE commands clients sent so far. */
    logins: () => logins,
    /** The clients' command lines so far (passwords included: test servers only). */
    commands: () => [...lines],
    refuse(on: boolean) {
      refusing = on;
    },
  };
}
