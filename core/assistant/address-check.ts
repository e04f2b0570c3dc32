/**
 * Refuses addresses a request from the device must never reach: loopback, private, link-local,
 * carrier-grade NAT, unspecified, multicast and cloud metadata addresses, in IPv4 and in every
 * IPv6 form that carries an IPv4 address inside (IPv4-mapped, IPv4-compatible, SIIT, 6to4,
 * Teredo's server and inverted client, ISATAP); NAT64 prefixes are refused whole.
 *
 * @example isForbiddenAddress("169.254.169.254") // true
 * @example isForbiddenAddress("2002:c0a8:101::1") // true: 6to4 around 192.168.1.1
 */
export function isForbiddenAddress(ip: string): boolean {
  const a =
    ip
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, "")
      .split("%")[0] ?? "";
  if (/^\d+\.\d+\.\d+\.\d+$/.test(a)) return isForbiddenV4(a.split(".").map(Number));
  if (!a.includes(":")) return true;
  const g = parseV6(a);
  return !g || isForbiddenV6(g);
}

/** The 32 bits of two IPv6 groups as IPv4 octets (optionally inverted, as Teredo's client). */
function v4Of(hi: number, lo: number, invert = false): number[] {
  const [h, l] = invert ? [hi ^ 0xffff, lo ^ 0xffff] : [hi, lo];
  return [h >> 8, h & 255, l >> 8, l & 255];
}

function isForbiddenV4(p: number[]): boolean {
  if (p.length !== 4 || p.some((n) => !Number.isInteger(n) || n < 0 || n > 255)) return true;
  const [a = 0, b = 0] = p;
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && p[2] === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

/** Eight 16-bit groups from an IPv6 text, a trailing dotted IPv4 allowed; null when malformed. */
function parseV6(ip: string): number[] | null {
  let text = ip;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (dotted) {
    const q = (dotted[2] ?? "").split(".").map(Number);
    if (q.some((n) => !Number.isInteger(n) || n > 255)) return null;
    const [q0 = 0, q1 = 0, q2 = 0, q3 = 0] = q;
    text = `${dotted[1]}${((q0 << 8) | q1).toString(16)}:${((q2 << 8) | q3).toString(16)}`;
  }
  if ((text.match(/::/g) ?? []).length > 1) return null;
  const [head = "", tail] = text.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined ? (tail ? tail.split(":") : []) : [];
  if (tail === undefined && h.length !== 8) return null;
  const fill = 8 - h.length - t.length;
  if (fill < (tail === undefined ? 0 : 1)) return null;
  const parts = [...h, ...Array(tail === undefined ? 0 : fill).fill("0"), ...t];
  if (parts.some((x) => !/^[0-9a-f]{1,4}$/.test(x))) return null;
  return parts.map((x) => Number.parseInt(x, 16));
}

function isForbiddenV6(g: number[]): boolean {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8)) return true; // ::
  if (zeroTo(7) && g7 === 1) return true; // ::1
  // Forms that carry an IPv4 address: the address inside decides.
  if (zeroTo(5) && g5 === 0xffff) return isForbiddenV4(v4Of(g6, g7)); // IPv4-mapped ::ffff:0:0/96
  if (zeroTo(6)) return isForbiddenV4(v4Of(g6, g7)); // IPv4-compatible ::/96 (deprecated)
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return isForbiddenV4(v4Of(g6, g7)); // SIIT ::ffff:0:0:0/96
  if (g0 === 0x2002) return isForbiddenV4(v4Of(g1, g2)); // 6to4 2002::/16
  if (g0 === 0x2001 && g1 === 0)
    // Teredo 2001::/32: the server, and the client inverted
    return isForbiddenV4(v4Of(g2, g3)) || isForbiddenV4(v4Of(g6, g7, true));
  if ((g4 === 0 || g4 === 0x200) && g5 === 0x5efe && isForbiddenV4(v4Of(g6, g7))) return true; // ISATAP
  // NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48): the translator may sit inside the network.
  if (g0 === 0x64 && g1 === 0xff9b) return true;
  if ((g0 & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local (incl. fd00:ec2::254 metadata)
  if ((g0 & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g0 & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated, still routed inside)
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return true; // discard-only 100::/64
  return false;
}

const forbiddenHosts =
  /^(localhost|.*\.localhost|metadata|metadata\.google\.internal|.*\.internal|.*\.local)$/i;

/** Host names refused before any lookup. */
export function isForbiddenHostName(host: string): boolean {
  return forbiddenHosts.test(host.replace(/\.$/, ""));
}
