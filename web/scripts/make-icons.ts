/**
 * Writes the PWA's PNG icons (a white lens on the brand teal) without any image library:
 * `node web/scripts/make-icons.ts`. The PNGs are committed; rerun only to change the design.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { deflateSync } from "node:zlib";

const out = path.join(import.meta.dirname, "..", "public", "icons");
const teal = [0x1f, 0x5f, 0x5b];
const white = [0xff, 0xff, 0xff];
const amber = [0xf2, 0xb1, 0x34];

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** RGBA pixel for (x, y) in unit coordinates; `bleed` fills the square edge to edge (maskable). */
function pixel(x: number, y: number, bleed: boolean): number[] {
  const r = bleed ? 0 : 0.18;
  const inset = bleed ? 0 : 0.02;
  const qx = Math.max(Math.abs(x - 0.5) - (0.5 - inset - r), 0);
  const qy = Math.max(Math.abs(y - 0.5) - (0.5 - inset - r), 0);
  if (Math.hypot(qx, qy) > r && !bleed) return [0, 0, 0, 0];
  const s = bleed ? 0.72 : 1; // keep the mark inside the maskable safe zone
  const lx = (x - 0.5) / s + 0.5;
  const ly = (y - 0.5) / s + 0.5;
  const d = Math.hypot(lx - 0.45, ly - 0.45);
  if (d < 0.085) return [...amber, 255];
  if (d > 0.19 && d < 0.26) return [...white, 255];
  const hx = lx - 0.64;
  const hy = ly - 0.64;
  if (hx > -0.02 && hy > -0.02 && Math.abs(hx - hy) < 0.06 && hx + hy < 0.34) return [...white, 255];
  return [...teal, 255];
}

function png(size: number, bleed: boolean): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel((x + 0.5) / size, (y + 0.5) / size, bleed), 1 + x * 4);
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    sig,
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

writeFileSync(path.join(out, "icon-192.png"), png(192, false));
writeFileSync(path.join(out, "icon-512.png"), png(512, false));
writeFileSync(path.join(out, "icon-maskable-512.png"), png(512, true));
writeFileSync(path.join(out, "apple-touch-icon.png"), png(180, true));
console.log(`icons written to ${out}`);
