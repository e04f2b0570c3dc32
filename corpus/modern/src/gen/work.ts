/** Generators for developer-tool and workplace-system mail. Each row is one message's own situation. */
import type { Spec } from "../spec.ts";
import { site, type Template } from "./kit.ts";

const ghBase = (repo: string, actor: string): Partial<Spec> => ({
  org: "github",
  from: `${actor} <notifications@github.com>`,
  replyTo: `${repo} <reply+AC${repo.length}${actor.length}Q@reply.github.com>`,
  kind: "system",
  shape: "alt",
  host: "out-25.smtp.github.com",
  bounce: "noreply@github.com",
  list: {
    id: `${repo.replace("/", ".")}.github.com`,
    post: "reply@reply.github.com",
    unsub: "https://github.com/notifications/unsubscribe-auth/AC7Q",
  },
  g: ["INBOX", "CATEGORY_UPDATES"],
});

export const githubReview: Template = {
  id: "gen-github-review-requested",
  make: (r) =>
    (
      [
        [
          "maya",
          "ferrow/api",
          "Priya Raman",
          "Batch payout files per currency",
          "Splits the SEPA and SWIFT batches so a bad IBAN no longer blocks the whole run.",
        ],
        [
          "maya",
          "ferrow/api",
          "Dev Patel",
          "Return 409 on duplicate refund requests",
          "Clients retried refunds on timeouts and we created two refunds. Now the second call gets the first result.",
        ],
        [
          "maya",
          "ferrow/ledger-service",
          "Tomasz Zieliński",
          "Use UTC windows in nightly reconcile",
          "Fixes the DST double count from #212. Adds fixtures for both October and March.",
        ],
        [
          "maya",
          "ferrow/ledger-service",
          "Ruben de Vries",
          "Upgrade pg driver to 8.16",
          "Mostly mechanical; pool timeouts are now in ms everywhere.",
        ],
        [
          "maya",
          "ferrow/web-dashboard",
          "Sara Lindqvist",
          "Show payout ETA on the balances page",
          "Uses the new /v2/payouts/eta endpoint; hidden behind the payout-eta flag.",
        ],
        [
          "maya",
          "ferrow/infra",
          "Lena Hartmann",
          "Terraform: move replica-2 to gp3 volumes",
          "Same IOPS for 20% less. Plan output in the description.",
        ],
        [
          "maya",
          "ferrow/api",
          "Jonas Weber",
          "Rate-limit webhook retries per endpoint",
          "One slow customer endpoint was using all retry workers.",
        ],
        [
          "maya",
          "ferrow/sdk-node",
          "Dev Patel",
          "Add typed errors for payout failures",
          "Exports PayoutFailedError with the bank's reason code.",
        ],
        [
          "elena",
          "elena-ruiz/thesis-tools",
          "nilsberg",
          "Swedish compound splitter",
          "Adds a splitter based on the SALDO lexicon, with tests on 500 compounds.",
        ],
        [
          "elena",
          "ucm-nlp/aragonese-corpus",
          "jalvarez-ucm",
          "Fix CoNLL-U export of multiword tokens",
          "Multiword ranges were written after their parts; validator passes now.",
        ],
        [
          "kenji",
          "kenji-sato/kotsu-sync",
          "yui-t",
          "Handle iCloud quota errors during sync",
          "Shows a banner instead of silently retrying forever.",
        ],
        [
          "kenji",
          "kenji-sato/kotsu-sync",
          "dhughes",
          "Add HealthKit export for streaks",
          "First contribution, happy to change anything.",
        ],
        [
          "maya",
          "honojs/hono",
          "usualoma",
          "fix(router): trailing slash with strict: false",
          "Maya, you reported #4920, could you confirm this fixes your case?",
        ],
        [
          "maya",
          "ferrow/api",
          "Priya Raman",
          "Add payout batch cutoff config",
          "Cutoff per bank, defaults to 16:00 CET until we decide FER-2307.",
        ],
      ] as const
    ).map(([p, repo, actor, title, desc], i) => ({
      ...ghBase(repo, actor),
      p,
      s: `[${repo}] ${title} (PR #${r.int(100, 5200)})`,
      d: r.date(9, 27, 8, 19),
      b: `${actor} requested your review on: ${repo}#${4700 + i * 7} ${title}.

${desc}

—
[View it on GitHub](https://github.com/${repo}/pull/${4700 + i * 7})
You are receiving this because your review was requested.`,
      L: "a/request/notification",
      why: "a review request on a pull request: needs the reader, no same-day deadline",
    })),
};

export const githubActions: Template = {
  id: "gen-github-actions",
  make: (r) =>
    (
      [
        [
          "ferrow/api",
          "ci",
          "feature/payout-eta",
          "maya",
          "own branch",
          "test (node 22): 3 failed — PayoutEtaService › returns null for weekends",
        ],
        ["ferrow/api", "ci", "main", "maya", "main", "lint: biome found 2 errors in src/webhooks/retry.ts"],
        [
          "ferrow/web-dashboard",
          "e2e",
          "feature/invoices-hooks",
          "maya",
          "own branch",
          "playwright (chromium): invoices.spec.ts › filters by status timed out",
        ],
        [
          "ferrow/ledger-service",
          "deploy-staging",
          "main",
          "maya",
          "main",
          "deploy: helm upgrade timed out waiting for ledger-service-7c9 to become ready",
        ],
        [
          "ferrow/infra",
          "terraform-plan",
          "lh/gp3",
          "maya",
          "other",
          "plan: Error acquiring the state lock (held by ruben@ci for 42m)",
        ],
        [
          "ferrow/sdk-node",
          "release",
          "main",
          "maya",
          "main",
          "publish: npm ERR! 403 You cannot publish over the previously published versions: 4.2.0",
        ],
        [
          "elena-ruiz/thesis-tools",
          "tests",
          "catalan-clitics",
          "elena",
          "own branch",
          "pytest: test_tokenise_ca.py::test_hyphenated_clitics FAILED",
        ],
        [
          "elena-ruiz/thesis-tools",
          "docs",
          "main",
          "elena",
          "main",
          "mkdocs build: Config file 'mkdocs.yml' does not exist",
        ],
        [
          "kenji-sato/kotsu-sync",
          "build",
          "main",
          "kenji",
          "main",
          "xcodebuild: error: Provisioning profile 'Kotsu Dev' has expired",
        ],
        [
          "kenji-sato/kotsu-web",
          "deploy",
          "main",
          "kenji",
          "main",
          "wrangler deploy: Authentication error [code: 10000]",
        ],
        [
          "kenji-sato/kotsu-sync",
          "swiftlint",
          "widget-redesign",
          "kenji",
          "own branch",
          "swiftlint: 14 violations, 2 serious (force_unwrapping)",
        ],
        [
          "ferrow/api",
          "codeql",
          "main",
          "maya",
          "main",
          "CodeQL found 1 new alert: Server-side request forgery in src/webhooks/test-endpoint.ts",
        ],
      ] as const
    ).map(([repo, wf, branch, p, kind, err]) => {
      const run = r.int(1000, 99999);
      const sha = r.id(7, "0123456789abcdef");
      const main = kind === "main";
      return {
        ...ghBase(repo, "GitHub Actions"),
        p,
        s: `[${repo}] Run failed: ${wf} - ${branch} (${sha})`,
        d: r.date(9, 27, 7, 23),
        b: `# ${wf}: Some jobs were not successful

Run #${run} on ${branch} (${sha}).

- ${err}

[[View workflow run]](https://github.com/${repo}/actions/runs/${run}${r.int(100, 999)})`,
        L: main ? "a/fyi/notification" : "l/fyi/notification",
        why: main
          ? "a CI failure on the main branch of a project the reader owns; fix during working hours"
          : "a CI failure on a feature branch; the reader sees it when she next pushes",
      };
    }),
};

export const sentryIssues: Template = {
  id: "gen-sentry-issue",
  make: (r) =>
    (
      [
        ["ferrow-api", "staging", "ZodError: Expected string, received null at body.iban", 14, 2, "l"],
        [
          "ferrow-api",
          "production",
          "TimeoutError: ledger-service did not answer within 10000 ms",
          2841,
          611,
          "u",
        ],
        ["web-dashboard", "production", "ChunkLoadError: Loading chunk 812 failed", 77, 51, "a"],
        [
          "ledger-service",
          "production",
          "DeadlockDetected: deadlock detected while updating balances",
          9,
          0,
          "a",
        ],
        ["web-dashboard", "staging", "TypeError: invoices.map is not a function", 33, 3, "l"],
        [
          "ferrow-api",
          "production",
          "StripeInvalidRequestError: No such payment_intent: 'pi_3Q…'",
          140,
          88,
          "a",
        ],
        [
          "ledger-service",
          "production",
          "OutOfMemoryError: JavaScript heap out of memory in reconcile worker",
          4,
          0,
          "u",
        ],
        [
          "webhooks-worker",
          "production",
          "FetchError: request to https://hooks.nordlicht-logistik.de failed, reason: ECONNREFUSED",
          1920,
          1,
          "a",
        ],
        [
          "web-dashboard",
          "production",
          "ResizeObserver loop completed with undelivered notifications",
          4012,
          2201,
          "l",
        ],
        ["ferrow-api", "production", "RangeError: Invalid time value in formatCutoff", 512, 140, "u"],
        [
          "kotsu-ios",
          "production",
          "EXC_BAD_ACCESS in StreakWidgetProvider.timeline(for:in:completion:)",
          318,
          297,
          "u",
        ],
        [
          "kotsu-ios",
          "testflight",
          "Fatal error: Unexpectedly found nil while unwrapping an Optional value (SyncEngine.swift:211)",
          6,
          4,
          "a",
        ],
      ] as const
    ).map(([project, env, title, events, users, b]) => ({
      org: "sentry",
      p: project.startsWith("kotsu") ? "kenji" : "maya",
      from: "Sentry <noreply@md.getsentry.com>",
      kind: "system",
      shape: "alt",
      dkim: "md.getsentry.com",
      s: `[Sentry] ${project} · ${title.slice(0, 70)}`,
      d: r.date(9, 27, 0, 23),
      b: `# ${events > 1000 ? "Issue spiking" : "New issue"} in ${project} (${env})

**${title}**

- Events: ${events.toLocaleString("en")} · Users affected: ${users}
- First seen: ${r.int(2, 50)} minutes ago in release ${project}@2026.11.${r.int(10, 26)}-${r.int(1, 4)}

[[View on Sentry]](https://${project.startsWith("kotsu") ? "kotsu" : "ferrow"}.sentry.io/issues/${r.int(5000000, 5999999)}/)`,
      L: `${b}/fyi/notification`,
      why:
        b === "u"
          ? "a production error hitting many users or crashing a critical worker right now"
          : b === "a"
            ? "a production error with limited reach; should be looked at in working hours"
            : "noise from staging or a harmless browser quirk",
    })),
};

export const alerts: Template = {
  id: "gen-monitoring-alert",
  make: (r) =>
    (
      [
        [
          "grafana",
          "Grafana <alerts@grafana.net>",
          "[FIRING:1] KafkaConsumerLag payments-events (prod)",
          "Consumer group payout-writer is 412,000 messages behind and growing for 15m.",
          "u",
        ],
        [
          "grafana",
          "Grafana <alerts@grafana.net>",
          "[RESOLVED] KafkaConsumerLag payments-events (prod)",
          "Consumer group payout-writer caught up; lag 0 for 10m.",
          "i",
        ],
        [
          "grafana",
          "Grafana <alerts@grafana.net>",
          "[FIRING:2] CertificateExpiresSoon api.ferrow.io, hooks.ferrow.io",
          "Certificates expire in 13 days. cert-manager renewal failed: ACME rate limit.",
          "a",
        ],
        [
          "opsgenie",
          "Opsgenie <opsgenie@eu.opsgenie.net>",
          "[Opsgenie] P1 Alert: Payout batch stuck in SENDING for 45m",
          "Batch b_20261124_1600 has 1,204 payouts in SENDING. Bank SFTP upload not confirmed.",
          "u",
        ],
        [
          "opsgenie",
          "Opsgenie <opsgenie@eu.opsgenie.net>",
          "[Opsgenie] P4 Alert: Staging database CPU > 90%",
          "staging-pg-1 CPU at 94% for 20m (load test running?).",
          "l",
        ],
        [
          "statuspage",
          "AWS Health via Statuspage <noreply@statuspage.io>",
          "[AWS] Increased error rates for SQS in eu-central-1",
          "We are investigating increased error rates for SQS SendMessage in EU-CENTRAL-1. Ferrow's queue-consumer is in this region.",
          "u",
        ],
        [
          "statuspage",
          "GitHub Status <noreply@githubstatus.com>",
          "[GitHub Status] Incident: Degraded performance for GitHub Actions",
          "Jobs may be delayed to start. We are investigating.",
          "i",
        ],
        [
          "grafana",
          "Grafana <alerts@grafana.net>",
          "[FIRING:1] DiskWillFillIn4Days ledger-replica-2",
          "Predicted full on 29 Nov based on the last 6 hours.",
          "a",
        ],
        [
          "uptimerobot",
          "UptimeRobot <alert@uptimerobot.com>",
          "Monitor is DOWN: kotsu.app (HTTP 522)",
          "Your monitor kotsu.app is down since 03:12 JST. Reason: Connection Timeout. The sync API on the same host is also failing.",
          "u",
        ],
        [
          "uptimerobot",
          "UptimeRobot <alert@uptimerobot.com>",
          "Monitor is UP: kotsu.app",
          "Your monitor kotsu.app is back up after 23 minutes.",
          "i",
        ],
        [
          "statuspage",
          "Cloudflare Status <noreply@cloudflarestatus.com>",
          "[Cloudflare Status] Scheduled maintenance: FRA datacenter 2 Dec 02:00 UTC",
          "Traffic may be re-routed to nearby data centers during the window.",
          "l",
        ],
        [
          "grafana",
          "Grafana <alerts@grafana.net>",
          "[FIRING:1] WebhookDeliveryLatencyHigh nordlicht-logistik",
          "p95 delivery latency to Nordlicht endpoint 31 min (SLO 2 min).",
          "u",
        ],
      ] as const
    ).map(([org, from, subj, text, b]) => ({
      org,
      p: subj.includes("kotsu") ? "kenji" : "maya",
      from,
      kind: "system",
      shape: org === "grafana" ? "alt" : "plain",
      s: subj,
      d: r.date(9, 27, 0, 23),
      b: `${text}

Alert details: https://${org === "grafana" ? "ferrow.grafana.net/alerting/list" : org === "opsgenie" ? "ferrow.app.eu.opsgenie.com/alert" : `status.${org}.com`}/${r.id(10, "abcdef0123456789")}`,
      L: `${b}/fyi/notification`,
      why:
        b === "u"
          ? "a live production problem in the reader's systems: harm grows by the minute"
          : b === "a"
            ? "a problem with days of headroom: plan the fix"
            : b === "i"
              ? "recovery or a vendor incident that does not block the reader"
              : "staging noise or routine maintenance",
    })),
};

export const docsShare: Template = {
  id: "gen-docs-share",
  make: (r) =>
    (
      [
        [
          "maya",
          "Priya Raman",
          "priya.raman@ferrow.io",
          "Payout batching - cost model",
          "Could you check the SEPA fee assumptions in tab 2 before Friday?",
          "a/request",
        ],
        ["maya", "Lena Hartmann", "lena.hartmann@ferrow.io", "On-call handbook 2027", "", "i/deliver"],
        [
          "maya",
          "Claudia Baumann",
          "claudia.baumann@ferrow.io",
          "Eng hiring plan H1",
          "Your input on the payments headcount, please, by the 4th.",
          "a/request",
        ],
        ["maya", "Jonas Weber", "jonas.weber@ferrow.io", "Incident 88213 - timeline", "", "i/deliver"],
        [
          "lucas",
          "Inês Carvalho",
          "ines.carvalho@atelier-tejo.pt",
          "Mapa de acabamentos - Rua das Flores",
          "Preenches a coluna dos fornecedores até quarta?",
          "a/request",
        ],
        [
          "lucas",
          "Pablo Iglesias",
          "pablo.iglesias.arq@gmail.com",
          "Concurso Teis - memoria",
          "",
          "i/deliver",
        ],
        [
          "elena",
          "Marco Bellini",
          "marco.bellini@unibo.it",
          "TACL rebuttal notes",
          "Can you add your answers to R2 by Thursday?",
          "a/request",
        ],
        ["elena", "Carlos Moreno", "c.moreno@ucm-example.es", "Horario seminario 2027", "", "i/deliver"],
        [
          "kenji",
          "Yui Tanaka",
          "yui.tanaka@gmail.com",
          "忘年会 出欠表",
          "名前の横に○か×を書いてね",
          "a/request",
        ],
        ["elena", "Ana Sousa", "ana.sousa@fct-example.pt", "Guia de anotação v2.1", "", "i/deliver"],
        [
          "maya",
          "Sara Lindqvist",
          "sara.lindqvist@ferrow.io",
          "Dashboard Q1 roadmap",
          "Would love your comments on the API dependencies (section 3).",
          "a/request",
        ],
        [
          "lucas",
          "Camille Roux",
          "camille.roux@studio-roux.fr",
          "Catalogue - textes des architectes",
          "Pourriez-vous relire votre notice (p. 14) ?",
          "a/request",
        ],
      ] as const
    ).map(([p, name, addr, doc, note, L]) => ({
      org: "google",
      p,
      from: `${name} (via Google Docs) <drive-shares-dm-noreply@google.com>`,
      replyTo: `${name} <${addr}>`,
      kind: "system",
      shape: "alt",
      dkim: "google.com",
      s: note ? `Document shared with you: "${doc}"` : `${name} shared "${doc}" with you`,
      d: r.date(9, 27, 8, 20),
      b: `${name} (${addr}) has ${note ? "invited you to **edit**" : "shared"} the following document:

**${doc}**

${note ? `> ${note}\n\n` : ""}[[Open]](https://docs.google.com/document/d/1${r.id(20, "abcdefghijkmnopqrstuvwxyzABCDEFGH0123456789")}/edit?usp=sharing)

Google LLC, 1600 Amphitheatre Parkway, Mountain View, CA 94043, USA. You have received this email because ${addr} shared a document with you from Google Docs.`,
      L: `${L}/notification`,
      why: note
        ? "a document shared with a request from a person the reader works with"
        : "a document shared for reference, no ask",
    })),
};

export const calendarInvites: Template = {
  id: "gen-calendar-invite",
  make: (r) =>
    (
      [
        [
          "maya",
          "Priya Raman <priya.raman@ferrow.io>",
          "1:1 Maya / Priya",
          "11-30 10:00",
          30,
          "REQUEST",
          0,
          "Weekly 1:1, moving to Mondays from now on.",
        ],
        [
          "maya",
          "Lena Hartmann <lena.hartmann@ferrow.io>",
          "Postgres 17 prod upgrade go/no-go",
          "12-07 16:00",
          30,
          "REQUEST",
          0,
          "Final check before the 8 Dec window.",
        ],
        [
          "maya",
          "Jonas Weber <jonas.weber@ferrow.io>",
          "Nordlicht webhook post-mortem",
          "11-27 13:00",
          45,
          "REQUEST",
          0,
          "Internal first, then we share a summary with Katrin.",
        ],
        [
          "maya",
          "Sara Lindqvist <sara.lindqvist@ferrow.io>",
          "Dashboard roadmap review",
          "12-02 11:00",
          60,
          "REQUEST",
          1,
          "Moved 30 min later, the design team has a clash.",
        ],
        [
          "maya",
          "Claudia Baumann <claudia.baumann@ferrow.io>",
          "Eng leads offsite prep",
          "12-01 15:00",
          60,
          "CANCEL",
          2,
          "Cancelled, we'll do it async in the doc.",
        ],
        [
          "maya",
          "Ruben de Vries <ruben.devries@ferrow.io>",
          "Pairing: pool config rollout",
          "11-26 14:00",
          90,
          "REQUEST",
          0,
          "Let's ship FER-2291 together.",
        ],
        [
          "elena",
          "Marco Bellini <marco.bellini@unibo.it>",
          "TACL camera-ready call",
          "12-01 17:00",
          45,
          "REQUEST",
          0,
          "Zoom link inside.",
        ],
        [
          "elena",
          "Carlos Moreno <c.moreno@ucm-example.es>",
          "Reunión de grupo",
          "11-30 12:00",
          60,
          "REQUEST",
          1,
          "Cambiamos al aula 12, la sala de juntas está ocupada.",
        ],
        [
          "lucas",
          "Inês Carvalho <ines.carvalho@atelier-tejo.pt>",
          "Apresentação ao cliente - Casa Sintra",
          "12-03 15:00",
          60,
          "REQUEST",
          0,
          "No atelier, leva as maquetas.",
        ],
        [
          "lucas",
          "Pablo Iglesias Ortega <pablo.iglesias.arq@gmail.com>",
          "Concurso Teis - llamada",
          "11-27 19:00",
          45,
          "CANCEL",
          1,
          "Lo movemos a la semana que viene, te escribo.",
        ],
        [
          "kenji",
          "Takeshi Ito <takeshi.ito@hoshimi.co.jp>",
          "オンボーディング改善 キックオフ",
          "12-10 10:00",
          60,
          "REQUEST",
          0,
          "初回ミーティングです。",
        ],
        [
          "kenji",
          "Yui Tanaka <yui.tanaka@gmail.com>",
          "忘年会",
          "12-19 19:00",
          150,
          "REQUEST",
          1,
          "場所を恵比寿に変更しました。",
        ],
        [
          "maya",
          "Dev Patel <dev.patel@ferrow.io>",
          "Refund idempotency demo",
          "12-01 16:30",
          30,
          "REQUEST",
          0,
          "15 minutes of demo, 15 of questions.",
        ],
      ] as const
    ).map(([p, from, title, start, mins, method, seq, note]) => {
      const prefix = method === "CANCEL" ? "Canceled event" : seq ? "Updated invitation" : "Invitation";
      return {
        org: "google",
        p,
        from: from
          .replace("<", "(Google Calendar) <")
          .replace(/<[^>]+>/, "<calendar-notification@google.com>"),
        replyTo: from,
        kind: "system",
        shape: "gmail",
        dkim: "google.com",
        s: `${prefix}: ${title} @ ${start.replace("-", "/")} (${p === "kenji" ? "JST" : p === "lucas" ? "WET" : "CET"})`,
        d: r.date(9, 25, 8, 19),
        b: `${method === "CANCEL" ? "This event has been canceled." : seq ? "This event has been updated." : `${from.split(" <")[0]} has invited you to this event.`}

${title}
${note}

[[View all event details]](https://calendar.google.com/calendar/event?action=VIEW&eid=${r.id(24, "abcdefghijklmnopqrstuvwxyz0123456789")})

Invitation from Google Calendar. You are receiving this email because you are an attendee on the event.`,
        ics: { method, start, mins, summary: title, seq, who: [] },
        L:
          method === "CANCEL" ? "i/amend/notification" : seq ? "a/amend/notification" : "a/meet/notification",
        why:
          method === "CANCEL"
            ? "a calendar cancellation; the calendar updates itself"
            : seq
              ? "an invitation update changing time or place"
              : "a calendar invitation to accept or decline",
      };
    }),
};

export const otpCodes: Template = {
  id: "gen-verification-code",
  make: (r) =>
    (
      [
        [
          "maya",
          "slack",
          "Slack <no-reply@slack.com>",
          "Slack confirmation code: ",
          "Your confirmation code is below — enter it in your open browser window and we'll help you get signed in.",
        ],
        [
          "maya",
          "microsoft",
          "Microsoft account team <account-security-noreply@accountprotection.microsoft.com>",
          "Microsoft account security code",
          "Please use the following security code for the Microsoft account ma***@ferrow.io.",
        ],
        [
          "lucas",
          "autodesk",
          "Autodesk <autodesk@autodeskcommunications.com>",
          "Your Autodesk verification code",
          "Use this code to finish signing in. It expires in 10 minutes.",
        ],
        [
          "elena",
          "openreview",
          "OpenReview <noreply@openreview.net>",
          "OpenReview login code",
          "You requested a one-time login code for OpenReview.",
        ],
        [
          "kenji",
          "apple",
          "Apple <appleid@id.apple.com>",
          "Your Apple Account code is ",
          "Your Apple Account code is shown below. Don't share it with anyone.",
        ],
        [
          "lucas",
          "millennium-bcp",
          "Millennium bcp <alertas@millenniumbcp.pt>",
          "Código de autorização",
          "Para concluir a operação na app Millennium, introduza o código abaixo. Nunca partilhe este código.",
        ],
        [
          "elena",
          "bbva",
          "BBVA <bbva@comunicaciones.bbva.es>",
          "Tu código de verificación BBVA",
          "Introduce este código para confirmar el alta del nuevo dispositivo. Si no lo has solicitado tú, llámanos.",
        ],
        [
          "kenji",
          "mercari",
          "メルカリ <no-reply@mercari.jp>",
          "【メルカリ】認証番号のお知らせ",
          "以下の認証番号を入力してください。有効期限は30分です。",
        ],
        [
          "maya",
          "n26",
          "N26 <no-reply@n26.com>",
          "Dein Bestätigungscode",
          "Gib diesen Code in der App ein, um dein neues Smartphone zu verbinden.",
        ],
        [
          "lucas",
          "figma",
          "Figma <notifications@figma.com>",
          "Your Figma login code",
          "Enter this code to log in to Figma in your browser.",
        ],
      ] as const
    ).map(([p, org, from, subj, text]) => {
      const code = String(r.int(100000, 999999));
      return {
        org,
        p,
        from,
        kind: "system",
        shape: "alt",
        lang: /[ぁ-ん]|メ/.test(text)
          ? "ja"
          : /Código|código|introduza/.test(text)
            ? p === "lucas"
              ? "pt"
              : "es"
            : /Gib /.test(text)
              ? "de"
              : "en",
        s: subj.endsWith(" ") || subj.endsWith(": ") ? `${subj}${code}` : subj,
        d: r.date(9, 27, 7, 23),
        b: `${text}

# ${code.slice(0, 3)} ${code.slice(3)}`,
        L: "u/request/notification",
        why: "a one-time code for a sign-in or operation the reader started; only useful in the next minutes",
      };
    }),
};

export const signinNotices: Template = {
  id: "gen-new-signin",
  make: (r) =>
    (
      [
        [
          "maya",
          "google",
          "Google <no-reply@accounts.google.com>",
          "Security alert",
          "New sign-in to your account maya.okafor@ferrow.io from a Pixel 9 in Berlin. If this was you, you don't need to do anything.",
          "i",
        ],
        [
          "lucas",
          "google",
          "Google <no-reply@accounts.google.com>",
          "Security alert",
          "lucas.ferreira.arq@gmail.com was granted access to your Google Account by the app SketchUp for Web. If you did not grant access, check this activity.",
          "i",
        ],
        [
          "kenji",
          "google",
          "Google <no-reply@accounts.google.com>",
          "セキュリティ通知",
          "新しいデバイス（MacBook Air）でお使いの Google アカウントにログインがありました。心当たりがない場合は、アクティビティを確認してください。",
          "i",
        ],
        [
          "maya",
          "slack",
          "Slack <no-reply@slack.com>",
          "New sign in to Ferrow on Slack",
          "We noticed a new sign in to your Slack account from Slack for Linux in Berlin, Germany.",
          "i",
        ],
        [
          "lucas",
          "dropbox",
          "Dropbox <no-reply@dropbox.com>",
          "New sign-in to your Dropbox account",
          "A new web browser just signed in to your Dropbox account from Porto, Portugal. If this was you, you can safely ignore this email.",
          "i",
        ],
        [
          "elena",
          "microsoft",
          "Microsoft account team <account-security-noreply@accountprotection.microsoft.com>",
          "Microsoft account unusual sign-in activity",
          "We detected something unusual about a recent sign-in to the Microsoft account el**@ruizarnaiz.es: Country/region: Vietnam, IP 113.161.xx.xx, Platform: Windows. Review recent activity from account.microsoft.com, not from a link in an email.",
          "u",
        ],
        [
          "kenji",
          "apple",
          "Apple <appleid@id.apple.com>",
          "Your Apple Account was used to sign in to iCloud on a Mac",
          "Your Apple Account (kenji.sato.dev@gmail.com) was used to sign in to iCloud via a web browser. Date and Time: 24 November 2026, 22:14 JST.",
          "i",
        ],
        [
          "maya",
          "1password",
          "1Password <hello@1password.com>",
          "New 1Password sign-in from Firefox on Linux",
          "Your 1Password account was just accessed from a new device: Firefox on Linux, Berlin, DE. If this wasn't you, contact your team administrator now.",
          "i",
        ],
        [
          "lucas",
          "instagram",
          "Instagram <security@mail.instagram.com>",
          "New login to Instagram from Chrome on Windows",
          "We noticed a new login to your account lucas.f.arq from Chrome on Windows near Manila, Philippines. If this wasn't you, secure your account from the Instagram app.",
          "u",
        ],
        [
          "elena",
          "github",
          "GitHub <noreply@github.com>",
          "[GitHub] A personal access token has been added to your account",
          'A personal access token (classic) with repo scope, named "zotero-sync", was recently added to your account.',
          "i",
        ],
      ] as const
    ).map(([p, org, from, subj, text, b]) => ({
      org,
      p,
      from,
      kind: "system",
      shape: "alt",
      lang: p === "kenji" && /[ぁ-ん]/.test(text) ? "ja" : "en",
      s: subj,
      d: r.date(9, 27, 0, 23),
      b: `${text}

[[Check activity]](${org === "google" ? "https://myaccount.google.com/notifications" : `${site(from)}/security`})`,
      L: `${b}/${b === "u" ? "request" : "fyi"}/notification`,
      why:
        b === "u"
          ? "a sign-in from a country the reader has not been to: the account may be taken over now"
          : "a sign-in or grant the reader made herself; informational",
    })),
};
