/**
 * Reads a request or response body as bytes, holding at most `maxBytes` of it: a longer body (by
 * its Content-Length or while streaming) is cancelled and `null` returned, so a huge answer never
 * sits in memory whole. No body reads as no bytes.
 * @example const bytes = await readCappedBytes(res, 5 * 1024 * 1024); if (bytes === null) refuse();
 */
export async function readCappedBytes(
  from: Request | Response,
  maxBytes: number,
): Promise<Uint8Array | null> {
  if (!from.body) return new Uint8Array();
  const declared = Number(from.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await from.body.cancel().catch(() => {});
    return null;
  }
  const reader = from.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

/**
 * `readCappedBytes` decoded as UTF-8 text: `null` when the body is over `maxBytes`.
 * @example const text = await readCapped(res, 8 * 1024 * 1024); if (text === null) useFallback();
 */
export async function readCapped(res: Response, maxBytes: number): Promise<string | null> {
  const bytes = await readCappedBytes(res, maxBytes);
  return bytes === null ? null : new TextDecoder("utf-8").decode(bytes);
}
