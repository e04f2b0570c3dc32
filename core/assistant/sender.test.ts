import { describe, expect, it } from "vitest";
import { plainAddress } from "./sender.ts";

describe("plainAddress: the one check for a plain e-mail address", () => {
  it("takes a bare address or the one inside a name-addr, lower-cased", () => {
    expect(plainAddress("Ana.Souza@Example.org")).toBe("ana.souza@example.org");
    expect(plainAddress("  Ana Souza <Ana.Souza@Example.org> ")).toBe("ana.souza@example.org");
    expect(plainAddress("o'brien+tag@mail.example.co.uk")).toBe("o'brien+tag@mail.example.co.uk");
    expect(plainAddress("ann@xn--bcher-kva.de")).toBe("ann@xn--bcher-kva.de");
  });

  it("lets only the final angle address count, never an address-like display name", () => {
    expect(plainAddress('"boss@bank.example" <eve@evil.example>')).toBe("eve@evil.example");
    expect(plainAddress('"a <boss@bank.example>" <eve@evil.example>')).toBe("eve@evil.example");
    expect(plainAddress("boss@bank.example <eve@evil.example>")).toBe("eve@evil.example");
    expect(plainAddress("<boss@bank.example> eve@evil.example")).toBeNull();
    expect(plainAddress("Boss boss@bank.example")).toBeNull();
    expect(plainAddress("a@b.example, c@d.example")).toBeNull();
  });

  it("keeps a Unicode domain as punycode, so a look-alike never equals the real one", () => {
    expect(plainAddress("ann@bücher.de")).toBe("ann@xn--bcher-kva.de");
    const cyrillic = plainAddress("ceo@\u0430pple.com");
    expect(cyrillic).toBe("ceo@xn--pple-43d.com");
    expect(cyrillic).not.toBe("ceo@apple.com");
    expect(plainAddress("ceo@exam\u200bple.com")).toBeNull();
    expect(plainAddress("ceo@exa\u3002mple.com")).toBeNull();
    expect(plainAddress("ceo@ex%41mple.com")).toBeNull();
    expect(plainAddress("c\u0435o@example.com")).toBeNull();
  });

  it("refuses quoted local parts, domain literals and hosts that are not names", () => {
    expect(plainAddress('"john doe"@example.com')).toBeNull();
    expect(plainAddress('"boss@bank.example"@evil.example')).toBeNull();
    expect(plainAddress("ann@[192.168.0.1]")).toBeNull();
    expect(plainAddress("ann@127.0.0.1")).toBeNull();
    expect(plainAddress("ann@localhost")).toBeNull();
    expect(plainAddress("ann@example.com.")).toBeNull();
    expect(plainAddress("ann@-example.com")).toBeNull();
    expect(plainAddress("ann@exa_mple.com")).toBeNull();
    expect(plainAddress(".ann@example.com")).toBeNull();
    expect(plainAddress("an..n@example.com")).toBeNull();
    expect(plainAddress("ann@@example.com")).toBeNull();
    expect(plainAddress("ann@ex ample.com")).toBeNull();
  });

  it("refuses CR/LF and other control characters anywhere", () => {
    expect(plainAddress("ann@example.com\r\nBcc: all@example.com")).toBeNull();
    expect(plainAddress("Ann\n <ann@example.com>")).toBeNull();
    expect(plainAddress("ann@example.com\u0000")).toBeNull();
    expect(plainAddress("ann\t@example.com")).toBeNull();
  });

  it("refuses overlong and empty input", () => {
    expect(plainAddress(`${"a".repeat(64)}@example.com`)).toBe(`${"a".repeat(64)}@example.com`);
    expect(plainAddress(`${"a".repeat(65)}@example.com`)).toBeNull();
    expect(plainAddress(`a@${"b".repeat(64)}.com`)).toBeNull();
    const long = `a@${Array.from({ length: 60 }, () => "bbbb").join(".")}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(plainAddress(long)).toBeNull();
    expect(plainAddress(`${"x".repeat(1_000_000)} <a@b.com>`)).toBeNull();
    for (const empty of ["", "   ", "<>", "@", "ann@", "@example.com", null, undefined])
      expect(plainAddress(empty)).toBeNull();
  });
});
