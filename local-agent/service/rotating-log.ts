import { appendFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";

/**
 * An append-only log file that rotates by size: `agent.log` → `agent.log.1` → … → `agent.log.<keep>`,
 * the oldest dropped. Synchronous on purpose: the agent logs a few lines a minute, and a crash
 * must not lose the lines that explain it.
 *
 * @example const log = createRotatingLog("/home/me/.scouts/logs/agent.log"); log.write("started\n");
 */
export function createRotatingLog(file: string, opts: { maxBytes?: number; keep?: number } = {}) {
  const maxBytes = opts.maxBytes ?? 5 * 1024 * 1024;
  const keep = opts.keep ?? 3;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  let size = existsSync(file) ? statSync(file).size : 0;
  const rotate = () => {
    rmSync(`${file}.${keep}`, { force: true });
    for (let i = keep - 1; i >= 1; i--) {
      if (existsSync(`${file}.${i}`)) renameSync(`${file}.${i}`, `${file}.${i + 1}`);
    }
    if (existsSync(file)) renameSync(file, `${file}.1`);
    size = 0;
  };
  return {
    write(chunk: string | Uint8Array): void {
      const bytes = typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.byteLength;
      if (size > 0 && size + bytes > maxBytes) rotate();
      appendFileSync(file, chunk, { mode: 0o600 });
      size += bytes;
    },
  };
}

/** Sends everything the process prints to `file` as well (the service has no terminal). */
export function teeOutputToLog(file: string): void {
  const log = createRotatingLog(file);
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      try {
        log.write(chunk);
      } catch {}
      return (original as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  }
}
