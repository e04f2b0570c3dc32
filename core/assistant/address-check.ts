/**
 * Refuses addresses a request from the device must never reach: loopback, private, link-local,
 * carrier-grade NAT, unspecified, multicast and cloud metadata addresses (IPv4 and IPv6, mapped too).
 *
 * @example isForbiddenAddress("169.254.169.254") // true
 */
export function isForbiddenAddress(ip: string): boolean {
  const a =
    ip
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, "")
      .split("%")[0] ?? "";
  const mapped =
    /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped?.[1]) return isForbiddenV4(mapped[1]);
  const hexMapped = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(a);
  if (hexMapped) {
    const hi = Number.parseInt(hexMapped[1] ?? "0", 16);
    const lo = Number.parseInt(hexMapped[2] ?? "0", 16);
    return isForbiddenV4(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(a)) return isForbiddenV4(a);
  if (!a.includes(":")) return true;
  return isForbiddenV6(a);
}

function isForbiddenV4(ip: string): boolean {
  const p = ip.split(".").map(Number);
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

function expandV6(ip: string): number[] | null {
  const [head = "", tail] = ip.split("::");
  const h = head ? head.split(":") : [];
  const t = tail !== undefined ? (tail ? tail.split(":") : []) : [];
  if (tail === undefined && h.length !== 8) return null;
  const fill = 8 - h.length - t.length;
  if (fill < 0) return null;
  const groups = [...h, ...Array(tail === undefined ? 0 : fill).fill("0"), ...t].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

function isForbiddenV6(ip: string): boolean {
  const g = expandV6(ip);
  if (!g) return true;
  const first = g[0] ?? 0;
  if (g.every((x) => x === 0)) return true; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1
  if ((first & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local (incl. fd00:ec2::254 metadata)
  if ((first & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((first & 0xff00) === 0xff00) return true; // multicast
  if (first === 0x64 && g[1] === 0xff9b) return true; // NAT64 can reach private v4
  if (first === 0x2001 && g[1] === 0x0db8) return true; // documentation
  return false;
}

const forbiddenHosts =
  /^(localhost|.*\.localhost|metadata|metadata\.google\.internal|.*\.internal|.*\.local)$/i;

/** Host names refused before any lookup. */
export function isForbiddenHostName(host: string): boolean {
  return forbiddenHosts.test(host.replace(/\.$/, ""));
}
