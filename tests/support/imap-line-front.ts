import type { Socket } from "node:net";
import { startLoopbackFront } from "./loopback-front.ts";

type Rewrite = (line: string) => string;

/**
 * A loopback TCP front for a plain-text IMAP server that rewrites whole lines in either direction
 * and records what the client sent: a server that does not advertise an extension (`toClient`
 * strips it from CAPABILITY), or one that refuses a command (`toServer` renames it, so the real
 * server answers BAD). A rewrite gets each line without its line end.
 *
 * @example const fx = await startImapLineFront(dv.port, { toClient: (l) => l.replace(" NOTIFY", "") });
 */
export async function startImapLineFront(
  target: number,
  opts: { toServer?: Rewrite; toClient?: Rewrite } = {},
) {
  const sent: string[] = [];
  const pipeLines = (from: Socket, to: Socket, rewrite: Rewrite | undefined, record: boolean) => {
    let pending = "";
    from.on("data", (chunk: Buffer) => {
      pending += chunk.toString("latin1");
      const cut = pending.lastIndexOf("\n") + 1;
      if (cut === 0) return;
      const lines = pending.slice(0, cut).split(/(?<=\n)/);
      pending = pending.slice(cut);
      let out = "";
      for (const l of lines) {
        const body = l.replace(/\r?\n$/, "");
        // The tag is the client's; what a test asserts on is the command after it.
        if (record) sent.push(body.replace(/^\S+ /, ""));
        const changed = rewrite ? rewrite(body) : body;
        // Untouched lines go out byte for byte: a literal's length counts its own line ends.
        out += changed === body ? l : `${changed}\r\n`;
      }
      to.write(Buffer.from(out, "latin1"));
    });
  };
  const front = await startLoopbackFront(target, (down, up) => {
    pipeLines(down, up, opts.toServer, true);
    pipeLines(up, down, opts.toClient, false);
  });
  return {
    ...front,
    /** Every line the clients sent, without its tag (`NOTIFY SET (…)`, `IDLE`, `DONE`). */
    sent: () => [...sent],
  };
}
