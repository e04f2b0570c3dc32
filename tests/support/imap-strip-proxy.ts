import { connect, createServer, type Socket } from "node:net";

/**
 * A loopback TCP front for a plain-text IMAP server that removes every `[COPYUID …]` response
 * code from what the server says: a server that moves without telling where (no UIDPLUS answer),
 * which a client must handle by finding the message again. Lines are rewritten whole.
 *
 * @example const px = await startCopyUidStripper(dv.port); // connect to px.port; await px.stop()
 */
export async function startCopyUidStripper(target: number) {
  const sockets = new Set<Socket>();
  let stripped = 0;
  const server = createServer((down) => {
    const up = connect(target, "127.0.0.1");
    for (const s of [down, up]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
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
    up.on("close", () => down.destroy());
    down.on("close", () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const addr = server.address();
  if (!addr || typeof addr !== "object") throw new Error("no port");
  return {
    port: addr.port,
    /** How many COPYUID codes it removed (a test checks the fallback was really exercised). */
    stripped: () => stripped,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
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
  const sockets = new Set<Socket>();
  let stalled = false;
  let trigger: RegExp | null = null;
  const server = createServer((down) => {
    const up = connect(target, "127.0.0.1");
    for (const s of [down, up]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
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
    up.on("close", () => down.destroy());
    down.on("close", () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const addr = server.address();
  if (!addr || typeof addr !== "object") throw new Error("no port");
  return {
    port: addr.port,
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
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
