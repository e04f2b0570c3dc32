import { connect, createServer, type Socket } from "node:net";

/**
 * A loopback TCP front for a server on `target`: each client gets its own connection to the server
 * and `wire(down, up)` decides what passes between the two (down is the client's side). Closing
 * either side closes the other; socket errors are the test's to observe, not to throw. `admit`
 * answering false closes a new client at once. `stop()` closes every connection and the listener.
 *
 * @example const fx = await startLoopbackFront(dv.port, (down, up) => { down.pipe(up); up.pipe(down); });
 */
export async function startLoopbackFront(
  target: number,
  wire: (down: Socket, up: Socket) => void,
  admit?: () => boolean,
) {
  const sockets = new Set<Socket>();
  const server = createServer((down) => {
    if (admit && !admit()) {
      down.on("error", () => {});
      down.destroy();
      return;
    }
    const up = connect(target, "127.0.0.1");
    for (const s of [down, up]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    wire(down, up);
    up.on("close", () => down.destroy());
    down.on("close", () => up.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const addr = server.address();
  if (!addr || typeof addr !== "object") throw new Error("no port");
  return {
    port: addr.port,
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
