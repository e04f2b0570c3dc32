import { describe, expect, it } from "vitest";
import { chatCompletion } from "./llm-chat.ts";
import { assertLocalLlmUrl, localEndpointProblem } from "./local-endpoint.ts";

describe("one rule for language-model endpoints: this machine only, written plainly", () => {
  it.each([
    "http://127.0.0.1:11434/v1",
    "http://127.0.0.2:8080",
    "http://localhost:11434/v1",
    "https://LOCALHOST/v1",
    "http://[::1]:11434/v1",
  ])("allows %s", (url) => {
    expect(localEndpointProblem(url)).toBeNull();
  });

  it.each([
    ["another IPv4 literal", "http://10.0.0.5:11434/v1", "10.0.0.5 is not this machine"],
    ["a public IPv4 literal", "http://8.8.8.8/v1", "8.8.8.8 is not this machine"],
    ["another IPv6 literal", "http://[2001:db8::1]/v1", "[2001:db8::1] is not this machine"],
    ["the unspecified address", "http://0.0.0.0:11434", "0.0.0.0 is not this machine"],
    [
      "a name that starts with localhost",
      "http://localhost.evil.com/v1",
      "localhost.evil.com is not this machine",
    ],
    ["a name that ends with localhost", "http://evil-localhost/v1", "evil-localhost is not this machine"],
    ["a cloud host", "https://api.openai.com/v1", "api.openai.com is not this machine"],
    ["decimal IPv4", "http://2130706433/v1", 'not "2130706433"'],
    ["octal IPv4", "http://0177.0.0.1/v1", 'not "0177.0.0.1"'],
    ["hex IPv4", "http://0x7f.0.0.1/v1", 'not "0x7f.0.0.1"'],
    ["short IPv4", "http://127.1/v1", 'not "127.1"'],
    ["hex pointing elsewhere", "http://0x08080808/v1", 'not "0x08080808"'],
    ["user info before the host", "http://127.0.0.1@evil.com/v1", "no user name or password"],
    ["user info naming loopback", "http://evil.com:x@127.0.0.1/v1", "no user name or password"],
    ["a backslash trick", "http://evil.com\\@127.0.0.1/v1", "evil.com is not this machine"],
    ["IPv4-mapped IPv6", "http://[::ffff:127.0.0.1]/v1", 'not "[::ffff:127.0.0.1]"'],
    ["expanded IPv6 loopback", "http://[0:0:0:0:0:0:0:1]/v1", 'not "[0:0:0:0:0:0:0:1]"'],
    ["a trailing dot", "http://localhost./v1", "localhost. is not this machine"],
    ["a trailing dot on an address", "http://127.0.0.1./v1", 'not "127.0.0.1."'],
    ["another scheme", "ftp://127.0.0.1/v1", "only http or https"],
    ["no scheme", "127.0.0.1:11434", "not a URL"],
    ["garbage", "::::", "not a URL"],
  ])("refuses %s (%s)", (_what, url, why) => {
    expect(localEndpointProblem(url)).toContain(why);
    expect(() => assertLocalLlmUrl(url)).toThrow(/the language model must be on this machine/);
  });

  it("every caller is held to it: chatCompletion never sends mail text to another host", async () => {
    const called: string[] = [];
    const fetch = async (url: string | URL | Request) => {
      called.push(String(url));
      return new Response("{}");
    };
    await expect(
      chatCompletion({
        ctx: { fetch },
        input: {
          llm: { baseUrl: "http://0x7f.1:11434/v1", model: "m", apiKey: null },
          system: "s",
          user: "u",
        },
      }),
    ).rejects.toThrow("the language model must be on this machine");
    expect(called).toEqual([]);
  });
});
