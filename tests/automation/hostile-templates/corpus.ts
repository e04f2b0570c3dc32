// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the corpus holds other engines' literal payloads on purpose.
import type { EscapeMode } from "@scouts/core/automation/templates/engine";

/** What a hostile template must do: fail with one of `codes`, or render output passing `safe`. */
export interface HostileCase {
  name: string;
  category: "prototype" | "engine-escape" | "cpu" | "memory" | "recursion" | "injection";
  template: string;
  mode?: EscapeMode;
  run?: () => unknown;
  expect: { fails: string[] } | { safe: (out: string) => boolean };
}

const fails = (...codes: string[]) => ({ fails: codes });

export const hostileTemplates: HostileCase[] = [
  // Prototype and constructor access
  {
    name: "constructor",
    category: "prototype",
    template: "{{ run.constructor }}",
    expect: fails("bad_input"),
  },
  { name: "__proto__", category: "prototype", template: "{{ run.__proto__ }}", expect: fails("bad_input") },
  {
    name: "constructor.constructor call",
    category: "prototype",
    template: "{{ run.constructor.constructor('return process')() }}",
    expect: fails("bad_input"),
  },
  {
    name: "bracket constructor",
    category: "prototype",
    template: '{{ run["constructor"]["constructor"] }}',
    expect: fails("bad_input"),
  },
  // `assign` is lenient (lenientIf, so `default` works): the constructor is still never reached.
  {
    name: "assigned constructor",
    category: "prototype",
    template: "{% assign c = run.constructor %}[{{ c.name }}]",
    expect: { safe: (o) => o === "[]" },
  },
  {
    name: "inherited method",
    category: "prototype",
    template: "{{ run.obj.toString }}",
    expect: fails("bad_input"),
  },
  {
    name: "dynamic __proto__ key",
    category: "prototype",
    template: '{% assign k = "__proto__" %}{{ run[k].polluted }}',
    expect: fails("bad_input"),
  },
  {
    name: "assign to __proto__",
    category: "prototype",
    template: '{% assign __proto__ = "polluted" %}{% assign constructor = "x" %}ok',
    expect: { safe: (o) => o === "ok" },
  },
  {
    name: "map constructor filter",
    category: "prototype",
    template: '{{ run.items | map: "constructor" }}',
    expect: fails("bad_input"),
  },
  // Other engines' escape payloads: never evaluated
  {
    name: "handlebars apply chain",
    category: "engine-escape",
    template: '{{#with "s" as |string|}}{{#with (string.sub.apply 0 codelist)}}{{this}}{{/with}}{{/with}}',
    expect: fails("bad_input"),
  },
  {
    name: "nunjucks range.constructor",
    category: "engine-escape",
    template: '{{ range.constructor("return global.process.mainModule")() }}',
    expect: fails("bad_input"),
  },
  {
    name: "jinja mro",
    category: "engine-escape",
    template: "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    expect: fails("bad_input"),
  },
  {
    name: "erb",
    category: "engine-escape",
    template: "<%= 7*7 %><%= `id` %>",
    expect: { safe: (o) => o === "<%= 7*7 %><%= `id` %>" },
  },
  {
    name: "ejs/eta",
    category: "engine-escape",
    template: "<%= process.env %><%~ it.x %>",
    expect: { safe: (o) => !o.includes("PATH") },
  },
  {
    name: "js template literal",
    category: "engine-escape",
    template: "${7*7}${process.exit()}",
    expect: { safe: (o) => o === "${7*7}${process.exit()}" },
  },
  {
    name: "arithmetic expression",
    category: "engine-escape",
    template: "{{ 7*7 }}",
    expect: fails("bad_input"),
  },
  {
    name: "velocity/freemarker",
    category: "engine-escape",
    template: '#set($x=1)${"freemarker.template.utility.Execute"?new()("id")}',
    expect: { safe: (o) => !o.includes("uid=") },
  },
  // CPU bombs
  {
    name: "huge range loop",
    category: "cpu",
    template: "{% for i in (1..100000000) %}x{% endfor %}",
    expect: fails("payload_too_large", "timeout"),
  },
  {
    name: "triple nested loops",
    category: "cpu",
    template:
      "{% for a in (1..200) %}{% for b in (1..200) %}{% for c in (1..200) %}{{ c }}{% endfor %}{% endfor %}{% endfor %}",
    expect: fails("timeout", "payload_too_large"),
  },
  {
    name: "deep if nesting",
    category: "cpu",
    template: `${"{% if true %}".repeat(250)}deep${"{% endif %}".repeat(250)}`,
    expect: { safe: (o) => o === "deep" },
  },
  {
    name: "source over 8 KB",
    category: "cpu",
    template: `{{ run.name }}${"x".repeat(9000)}`,
    expect: fails("bad_input"),
  },
  // Memory bombs
  {
    name: "doubling append",
    category: "memory",
    template:
      "{% assign s = 'aaaaaaaaaa' %}{% for i in (1..40) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}",
    expect: fails("payload_too_large", "timeout"),
  },
  {
    name: "output flood",
    category: "memory",
    template: `{% for a in (1..1000) %}{% for b in (1..90) %}${"y".repeat(100)}{% endfor %}{% endfor %}`,
    expect: fails("payload_too_large", "timeout"),
  },
  {
    name: "huge value as JSON",
    category: "memory",
    template: "{{ run.big }}",
    run: () => ({ big: ["z".repeat(600_000), "z".repeat(600_000)] }),
    expect: fails("payload_too_large"),
  },
  {
    name: "split/join amplification",
    category: "memory",
    template: '{{ run.big | split: "" | join: "----" }}',
    run: () => ({ big: "q".repeat(500_000) }),
    expect: fails("payload_too_large", "timeout"),
  },
  // Recursion and file access
  {
    name: "include self",
    category: "recursion",
    template: "{% include 'self' %}",
    expect: fails("bad_input"),
  },
  { name: "render partial", category: "recursion", template: "{% render 'x' %}", expect: fails("bad_input") },
  { name: "layout", category: "recursion", template: "{% layout 'base' %}", expect: fails("bad_input") },
  {
    name: "liquid tag",
    category: "recursion",
    template: "{% liquid\nassign x = 1\necho x %}",
    expect: fails("bad_input"),
  },
  {
    name: "circular data",
    category: "recursion",
    template: "{{ run.loop }}",
    run: () => {
      const o: Record<string, unknown> = {};
      o.self = o;
      return { loop: o };
    },
    expect: fails("bad_input"),
  },
  // Output injection
  {
    name: "html script",
    category: "injection",
    mode: "html",
    template: "<p>{{ run.name }}</p>",
    run: () => ({ name: "<script>alert(1)</script>" }),
    expect: { safe: (o) => !o.includes("<script") && o.startsWith("<p>") },
  },
  {
    name: "html attribute breakout",
    category: "injection",
    mode: "html",
    template: '<a href="{{ run.url }}">x</a>',
    run: () => ({ url: '" onmouseover="alert(1)' }),
    expect: { safe: (o) => !o.includes('" onmouseover') },
  },
  {
    name: "raw filter bypass",
    category: "injection",
    mode: "html",
    template: "{{ run.name | raw }}",
    run: () => ({ name: "<b>" }),
    expect: fails("bad_input"),
  },
  {
    name: "slack broadcast",
    category: "injection",
    mode: "mrkdwn",
    template: "New: {{ run.subject }}",
    run: () => ({ subject: "<!channel> <@U123> pay now" }),
    expect: { safe: (o) => !o.includes("<!channel>") && !o.includes("<@U123>") },
  },
  {
    name: "slack link spoof",
    category: "injection",
    mode: "mrkdwn",
    template: "{{ run.x }}",
    run: () => ({ x: "<https://evil.example|https://bank.example>" }),
    expect: { safe: (o) => !o.includes("<https://") },
  },
];
