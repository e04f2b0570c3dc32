import { describe, expect, it } from "vitest";
import { hrefHost, registrable } from "./sender-rules.ts";

describe("hrefHost", () => {
  it("takes the authority's host, without userinfo or port, lower-cased", () => {
    expect(hrefHost("https://Login.Example.COM/path?q=1#x")).toBe("login.example.com");
    expect(hrefHost("http://user:pw@evil.example:8443/")).toBe("evil.example");
    expect(hrefHost("https://paypal.com@evil.example/login")).toBe("evil.example");
    expect(hrefHost("https://a@b@host.example/")).toBe("host.example");
    expect(hrefHost("  HTTPS://Host.Example  ")).toBe("host.example");
    expect(hrefHost("ftp://files.example.org:21")).toBe("files.example.org");
    expect(hrefHost("https://host.example?x=1")).toBe("host.example");
  });

  it("keeps an IPv6 literal's brackets and drops its port only", () => {
    expect(hrefHost("http://[2001:DB8::1]/x")).toBe("[2001:db8::1]");
    expect(hrefHost("http://[::1]:8080/")).toBe("[::1]");
    expect(hrefHost("http://192.168.0.1:80/")).toBe("192.168.0.1");
  });

  it("is empty where the href names no authority", () => {
    expect(hrefHost("mailto:anna@example.com")).toBe("");
    expect(hrefHost("www.example.com/login")).toBe("");
    expect(hrefHost("//example.com/x")).toBe("");
    expect(hrefHost("/relative/path")).toBe("");
    expect(hrefHost("")).toBe("");
    expect(hrefHost("file:///etc/passwd")).toBe("");
  });

  it("gives registrable the host the signals compare", () => {
    expect(registrable(hrefHost("https://secure.Login.Bank.co.uk:443/"))).toBe("bank.co.uk");
    expect(registrable(hrefHost("mailto:x@y.z"))).toBe("");
  });
});
