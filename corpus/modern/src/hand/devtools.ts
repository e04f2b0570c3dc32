import { type Spec, sender } from "../spec.ts";

const github = sender({
  org: "github",
  p: "maya",
  from: "GitHub <noreply@github.com>",
  kind: "system",
  shape: "alt",
  host: "out-21.smtp.github.com",
});
const ghRepo = (repo: string, from: string) =>
  sender({
    org: "github",
    p: "maya",
    from: `${from} <notifications@github.com>`,
    replyTo: `${repo} <reply+AB4${repo.length}XQ@reply.github.com>`,
    kind: "system",
    shape: "alt",
    host: "out-28.smtp.github.com",
    list: {
      id: `${repo.replace("/", ".")}.github.com`,
      post: `reply@reply.github.com`,
      unsub: "https://github.com/notifications/unsubscribe-auth/AB4XQ",
    },
    auth: "pass",
    bounce: "noreply@github.com",
    g: ["INBOX", "CATEGORY_UPDATES"],
    hdr: { "X-GitHub-Sender": from, "X-GitHub-Recipient": "maya-okafor" },
  });
const api = ghRepo("ferrow/api", "Jonas Weber");
const ledger = ghRepo("ferrow/ledger-service", "Tomasz Zieliński");
const dependabot = ghRepo("ferrow/web-dashboard", "dependabot[bot]");
const oss = ghRepo("honojs/hono", "yusukebe");

const sentry = sender({
  org: "sentry",
  p: "maya",
  from: "Sentry <noreply@md.getsentry.com>",
  kind: "system",
  shape: "alt",
  dkim: "md.getsentry.com",
});
const pagerduty = sender({
  org: "pagerduty",
  p: "maya",
  from: "PagerDuty <no-reply@pagerduty.com>",
  kind: "system",
  shape: "alt",
});
const linear = sender({
  org: "linear",
  p: "maya",
  from: "Linear <notifications@linear.app>",
  kind: "system",
  shape: "alt",
});
const jira = sender({
  org: "atlassian",
  p: "maya",
  from: "Lena Hartmann (Jira) <jira@ferrow.atlassian.net>",
  kind: "system",
  shape: "alt",
  dkim: "e.atlassian.net",
  bounce: "bounce@e.atlassian.net",
});
const vercel = sender({
  org: "vercel",
  p: "maya",
  from: "Vercel <notifications@vercel.com>",
  kind: "system",
  shape: "alt",
});
const aws = sender({
  org: "aws",
  p: "maya",
  from: "Amazon Web Services <no-reply-aws@amazon.com>",
  kind: "system",
  shape: "alt",
  dkim: "amazonses.com",
});
const stripe = sender({
  org: "stripe",
  p: "maya",
  from: "Stripe <notifications@stripe.com>",
  kind: "system",
  shape: "alt",
});
const gitlab = sender({
  org: "gitlab",
  p: "elena",
  from: "GitLab <gitlab@mg.gitlab.com>",
  kind: "system",
  shape: "alt",
  dkim: "mg.gitlab.com",
});
const datadog = sender({
  org: "datadog",
  p: "maya",
  from: "Datadog Alerting <alert@dtdg.eu>",
  kind: "system",
  shape: "plain",
});
const cloudflare = sender({
  org: "cloudflare",
  p: "maya",
  from: "Cloudflare <noreply@notify.cloudflare.com>",
  kind: "system",
  shape: "alt",
});
const appstore = sender({
  org: "apple",
  p: "kenji",
  from: "App Store Connect <no_reply@email.apple.com>",
  kind: "system",
  shape: "alt",
});

export const devtools: Spec[] = [
  github({
    s: "[GitHub] A secret was found in ferrow/ledger-service",
    d: "11-18 09:14",
    b: `# Secret scanning alert

GitHub found a **Stripe live API secret key** committed to ferrow/ledger-service in config/.env.staging (commit 9c41e2a, pushed by tomasz-z 6 minutes ago).

The key is valid: Stripe reported it as active when we checked it with their partner programme. Anyone with read access to the repository can use it.

[[Review the alert]](https://github.com/ferrow/ledger-service/security/secret-scanning/41)

Rotate the key in the Stripe dashboard, then close the alert as revoked.`,
    L: "u/request/notification",
    why: "a live payment-provider key is exposed in a repository now; rotating it cannot wait",
  }),
  github({
    s: "[GitHub] A third-party OAuth application has been added to your account",
    d: "11-09 21:40",
    b: `Hey maya-okafor!

A third-party OAuth application (Linear) with read:org, repo and workflow scopes was recently authorized to access your account.

Visit https://github.com/settings/connections/applications/3fa1 for more information.

To see this and other security events for your account, visit your security log.

If you run into problems, please contact support by visiting https://support.github.com.`,
    L: "i/fyi/notification",
    why: "a security notice about an authorization the reader made herself; worth knowing, nothing to do",
  }),
  github({
    s: "[GitHub] Please verify your device",
    d: "11-21 08:02",
    b: `Hey maya-okafor!

A sign in attempt requires further verification because we did not recognize your device. To complete the sign in, enter the verification code on the unrecognized device.

Device: Firefox on Linux
Verification code: **481 207**

If you did not attempt to sign in to your account, your password may be compromised. Visit https://github.com/settings/security to create a new, strong password.`,
    L: "u/request/notification",
    why: "a one-time code for a sign-in in progress; useless in an hour",
  }),
  api({
    s: "Re: [ferrow/api] Add idempotency keys to webhook ingest (PR #4821)",
    d: "11-18 11:20",
    b: `@maya-okafor I rebased on main and moved the key TTL into config as you suggested. Could you take another look before Thursday? The retry test is the interesting part: it replays the same delivery three times and checks we write one ledger row.

—
Reply to this email directly, [view it on GitHub](https://github.com/ferrow/api/pull/4821#issuecomment-2291), or [unsubscribe](https://github.com/notifications/unsubscribe-auth/AB4XQ).
You are receiving this because your review was requested.`,
    L: "a/request/notification",
    why: "a colleague asks for a re-review through GitHub with a Thursday target, not today",
  }),
  api({
    s: "[ferrow/api] Drop the legacy /v1/payouts endpoint (PR #4840)",
    d: "11-19 15:05",
    b: `@jonas-weber requested your review on: ferrow/api#4840 Drop the legacy /v1/payouts endpoint.

Usage dropped to zero on 2 November (dashboard linked in the description). This removes the handler, its tests and the OpenAPI entry, and keeps a 410 for another release.

—
[View it on GitHub](https://github.com/ferrow/api/pull/4840)
You are receiving this because your review was requested.`,
    L: "a/request/notification",
    why: "review request on a pull request; needs the reader but has no same-day deadline",
  }),
  api({
    s: "Re: [ferrow/api] Webhook signature check fails for payloads over 1 MB (Issue #4799)",
    d: "11-20 10:31",
    b: `Closed #4799 as completed via #4836.

—
[View it on GitHub](https://github.com/ferrow/api/issues/4799#event-1182)
You are receiving this because you were mentioned.`,
    L: "i/fyi/notification",
    why: "an issue the reader was mentioned on was closed; a status update, nothing to do",
  }),
  ledger({
    s: "Re: [ferrow/ledger-service] Reconciliation job double-counts refunds after DST change (Issue #212)",
    d: "11-17 16:48",
    b: `I can reproduce it with the fixture from 26 October: the job runs at 02:30 local and the window overlaps by an hour. I'll push a fix that uses UTC windows tomorrow morning and add the DST fixture to CI.

—
[View it on GitHub](https://github.com/ferrow/ledger-service/issues/212#issuecomment-877)
You are receiving this because you authored the thread.`,
    L: "i/commit/notification",
    why: "a colleague promises a fix for the reader's issue tomorrow; nothing for her to do",
  }),
  ledger({
    s: "[ferrow/ledger-service] Run failed: nightly-reconcile - main (4b1d0e7)",
    d: "11-23 03:12",
    from: "GitHub Actions <notifications@github.com>",
    b: `# nightly-reconcile: All jobs have failed

Run #611 triggered by schedule on main (4b1d0e7).

- reconcile (eu-central-1): failed in 3m 12s — Error: connection to ledger-replica timed out after 30000 ms
- report: skipped

[[View workflow run]](https://github.com/ferrow/ledger-service/actions/runs/11923)`,
    L: "a/fyi/notification",
    why: "a nightly batch failed; someone must look during the day, but no harm in hours and retries exist",
  }),
  dependabot({
    s: "[ferrow/web-dashboard] Bump vite from 8.3.2 to 8.3.8 (PR #1307)",
    d: "11-16 06:01",
    b: `Bumps [vite](https://github.com/vitejs/vite/tree/HEAD/packages/vite) from 8.3.2 to 8.3.8.

Release notes: fixes a dev-server file-serving bypass (GHSA-4q9x-…) and two HMR regressions.

Dependabot will resolve any conflicts with this PR as long as you don't alter it yourself.

—
[View it on GitHub](https://github.com/ferrow/web-dashboard/pull/1307)`,
    L: "l/propose/notification",
    why: "an automated dependency bump the team merges in batches; routine for the reader",
  }),
  oss({
    s: "Re: [honojs/hono] feat(jsx): streaming Suspense for client components (PR #5012)",
    d: "11-12 13:27",
    b: `Thanks! This looks good to me. I'll merge it after CI passes and it goes out in the next minor.

—
[View it on GitHub](https://github.com/honojs/hono/pull/5012#issuecomment-3301)
You are receiving this because you are subscribed to this thread.`,
    L: "l/commit/notification",
    why: "a maintainer comment on an open-source thread the reader only watches",
  }),
  sentry({
    s: "[Sentry] ferrow-api · TypeError: Cannot read properties of undefined (reading 'currency')",
    d: "11-24 14:37",
    b: `# New issue in ferrow-api (production)

**TypeError**: Cannot read properties of undefined (reading 'currency')
at formatPayout (src/payouts/format.ts:41)

- First seen: 2 minutes ago in release api@2026.11.24-2
- Events: 1,284 · Users affected: 312
- Assigned to: maya-okafor (ownership rule: src/payouts/**)

[[View on Sentry]](https://ferrow.sentry.io/issues/5519023/)`,
    L: "u/fyi/notification",
    why: "a new error hitting hundreds of users in production right after a release, assigned to the reader",
  }),
  sentry({
    s: "Weekly Report for Ferrow: 16 Nov – 22 Nov",
    d: "11-23 09:00",
    b: `# Your weekly report

| Errors | 18,204 | -12% |
| Transactions | 41.2M | +4% |
| Crash-free sessions (web-dashboard) | 99.71% | +0.08 |

Most frequent new issue: ConnectionResetError in ledger-service (1,902 events).

[[See all issues]](https://ferrow.sentry.io/issues/?statsPeriod=7d)`,
    L: "i/deliver/notification",
    why: "an automated weekly summary; useful context, asks nothing",
  }),
  pagerduty({
    s: "[PagerDuty] TRIGGERED: #88213 Checkout API p99 latency > 2s (ferrow-prod)",
    d: "11-22 02:47",
    b: `# You have been assigned an incident

**#88213** Checkout API p99 latency > 2s
Service: Checkout API (ferrow-prod) · Urgency: High · Escalation policy: Payments primary

Triggered by Datadog monitor 4471209 at 01:46 UTC. Current p99: 4.8 s.

[[Acknowledge]](https://ferrow.pagerduty.com/incidents/Q2X8T1/acknowledge)

[[Resolve]](https://ferrow.pagerduty.com/incidents/Q2X8T1/resolve)

If nobody acknowledges within 15 minutes the incident escalates to Jonas Weber.`,
    L: "u/request/notification",
    why: "the reader is paged for a live production incident and must acknowledge within minutes",
  }),
  pagerduty({
    s: "[PagerDuty] RESOLVED: #88213 Checkout API p99 latency > 2s (ferrow-prod)",
    d: "11-22 03:34",
    b: `Incident #88213 Checkout API p99 latency > 2s was resolved by Maya Okafor at 02:33 UTC.

Duration: 46 minutes. Notes: connection pool to ledger-replica saturated after failover; pool size raised, follow-up in FER-2291.`,
    L: "i/fyi/notification",
    why: "resolution notice for an incident the reader already handled",
  }),
  pagerduty({
    s: "Your on-call shift for Payments primary starts Monday 09:00",
    d: "11-27 17:00",
    b: `Hi Maya,

This is a reminder that you are on call for **Payments primary** from Monday 30 November 09:00 to Monday 7 December 09:00 (Europe/Berlin).

Make sure your contact methods are up to date and the PagerDuty app can notify you.

[[View your schedule]](https://ferrow.pagerduty.com/schedules/PX1S9)`,
    L: "i/fyi/notification",
    why: "a schedule reminder for next week; nothing to do now",
  }),
  linear({
    s: "FER-2291 Raise connection pool limits after replica failover was assigned to you",
    d: "11-22 09:15",
    b: `**Jonas Weber** assigned FER-2291 to you.

Raise connection pool limits after replica failover
Priority: High · Cycle 47 (ends 4 Dec) · Team: Payments

Follow-up from incident #88213. Make the pool size configurable per replica and add an alert on wait time.

[[Open issue]](https://linear.app/ferrow/issue/FER-2291)`,
    L: "a/request/notification",
    why: "a ticket assigned to the reader for this cycle; work to do, not today",
  }),
  linear({
    s: "Weekly digest: Payments team",
    d: "11-23 08:00",
    b: `# Payments · week of 16 November

- 14 issues completed, 3 carried over
- Cycle 47 is 41% complete with 9 days left
- New projects: Payout batching v2 (lead: Priya Raman)

[[Open Linear]](https://linear.app/ferrow/team/PAY/cycles)`,
    L: "i/deliver/notification",
    why: "an automated team summary the reader reads for context",
  }),
  linear({
    s: "Priya Raman mentioned you in FER-2307 Payout batching: choose the cutoff time",
    d: "11-25 10:02",
    b: `**Priya Raman** mentioned you in a comment:

> @maya do we cut batches at 16:00 CET or at the bank's own cutoff? I need a decision before the design review next Wednesday, otherwise I'll default to 16:00.

[[Reply in Linear]](https://linear.app/ferrow/issue/FER-2307#comment-8f2a)`,
    L: "a/request/notification",
    why: "a colleague needs a decision from the reader before next Wednesday",
  }),
  jira({
    s: "[JIRA] (OPS-1042) Rotate the PagerDuty integration keys before the vendor cutoff",
    d: "11-13 11:44",
    b: `Lena Hartmann **changed the due date** of OPS-1042 to 27 Nov 2026 and assigned it to Maya Okafor.

Summary: Rotate the PagerDuty integration keys before the vendor cutoff
Priority: Medium

[[View issue]](https://ferrow.atlassian.net/browse/OPS-1042)

This message was sent by Atlassian Jira (v1001.0.0-SNAPSHOT#100290-sha1:6d1e0c2)`,
    L: "a/request/notification",
    why: "a task assigned with a due date two weeks out",
  }),
  jira({
    s: "[JIRA] (OPS-1042) Rotate the PagerDuty integration keys before the vendor cutoff",
    d: "11-27 08:30",
    b: `Lena Hartmann commented on OPS-1042:

> Maya, PagerDuty confirmed the old keys stop working at 18:00 today. Is the rotation merged? If not, can you pair with Ruben on it this morning?

[[View issue]](https://ferrow.atlassian.net/browse/OPS-1042)

This message was sent by Atlassian Jira (v1001.0.0-SNAPSHOT#100290-sha1:6d1e0c2)`,
    L: "u/request/notification",
    why: "the vendor cutoff is at 18:00 today and the task is the reader's",
  }),
  vercel({
    s: "Failed production deployment on team 'Ferrow' for web-dashboard",
    d: "11-20 17:52",
    b: `# Deployment failed

The production deployment of **web-dashboard** (commit 71ac0d3 "Move invoices page to the new data hooks") failed during the build step.

Error: Type error in app/invoices/page.tsx:88 — Property 'dueAt' does not exist on type 'Invoice'.

The previous deployment is still serving production traffic.

[[View build logs]](https://vercel.com/ferrow/web-dashboard/deployments/dpl_8Kc1)`,
    L: "a/fyi/notification",
    why: "a failed deploy, but production still serves the previous build; fix it in working hours",
  }),
  vercel({
    s: "Your Pro plan invoice is ready",
    d: "11-02 07:10",
    b: `Hi Ferrow,

Your invoice for October 2026 is ready.

| Pro plan (5 seats) | $100.00 |
| Additional bandwidth 212 GB | $84.80 |
| Total charged to Visa •••• 4421 | $184.80 |

[[Download invoice]](https://vercel.com/teams/ferrow/settings/invoices/in_1Q8)`,
    L: "i/deliver/receipt",
    why: "a paid monthly invoice kept for records",
  }),
  aws({
    s: "AWS Budgets: ferrow-prod-monthly has exceeded your alert threshold",
    d: "11-19 06:15",
    b: `AWS Budget Notification November 19, 2026
AWS Account 4471-0092-1183

Dear AWS Customer,

You requested that we alert you when the ACTUAL Cost associated with your ferrow-prod-monthly budget is greater than 80% of $38,000.00 for the current month. The ACTUAL Cost associated with this budget is $31,905.12. You can find additional details below and by accessing the AWS Budgets dashboard.

| Budget Name | ferrow-prod-monthly |
| Budget Type | Cost |
| Budgeted Amount | $38,000.00 |
| Alert Type | ACTUAL |
| Alert Threshold | > 80% |
| ACTUAL Amount | $31,905.12 |`,
    L: "a/fyi/notification",
    why: "a budget threshold crossed mid-month; worth a look this week, no harm today",
  }),
  aws({
    s: "Amazon Web Services Billing Statement Available [Account: 447100921183]",
    d: "11-03 10:22",
    b: `Greetings from Amazon Web Services,

This e-mail confirms that your latest billing statement, for the account ending in 1183, is available on the AWS web site. Your account will be charged the following:

Total: $36,412.77

You can see a complete break down of all charges on the Billing & Cost Management page located at https://console.aws.amazon.com/billing/home#/bills

Thank you for using Amazon Web Services.`,
    L: "i/deliver/receipt",
    why: "a monthly statement, record-keeping only",
  }),
  aws({
    s: "[Action Required] Amazon RDS for PostgreSQL 13 end of standard support",
    d: "11-10 18:30",
    b: `Hello,

You are receiving this message because you have one or more Amazon RDS for PostgreSQL 13 instances in the EU (Frankfurt) Region. Standard support for PostgreSQL 13 ends on February 28, 2027. After that date, instances still on 13 are enrolled in RDS Extended Support, which is charged.

Affected resources:
- ledger-replica-2 (db.r7g.2xlarge)

We recommend that you upgrade to PostgreSQL 17 before the end of standard support.`,
    L: "a/request/notification",
    why: "a vendor asks for an upgrade months ahead; real work for the reader, not today",
  }),
  stripe({
    s: "Payouts to your bank account are paused",
    d: "11-26 07:48",
    b: `# Action needed on Ferrow GmbH

We couldn't send today's payout of **€148,210.44** to your bank account ending in 0381 because the bank returned it: account closed (R02).

Payouts are paused until you add a valid bank account. Charges keep working.

[[Update bank account]](https://dashboard.stripe.com/settings/payouts)`,
    L: "u/request/notification",
    why: "a large payout bounced and payouts are paused now; money stops moving until fixed",
  }),
  stripe({
    s: "Your Stripe receipt [#2811-0552]",
    d: "11-01 02:03",
    b: `# Receipt from Stripe

| Stripe Billing (usage, October) | €2,418.30 |
| Radar for Fraud Teams | €610.00 |
| Amount paid | €3,028.30 |

Paid with SEPA Direct Debit •••• 0381 on 1 Nov 2026.

Questions? Visit support.stripe.com.`,
    L: "i/deliver/receipt",
    why: "a monthly vendor receipt, kept for records",
  }),
  stripe({
    s: "A dispute was opened on a €89.00 payment",
    d: "11-21 13:05",
    b: `A customer has disputed a payment for €89.00 (ch_3QkX8…, customer: studio-minz@example.de) as **fraudulent**.

You have until **5 December 2026** to submit evidence. If you don't respond, the dispute is decided in the cardholder's favour.

[[Respond to dispute]](https://dashboard.stripe.com/disputes/dp_1QkX9)`,
    L: "a/request/notification",
    why: "a dispute with a response window of two weeks",
  }),
  gitlab({
    s: "elena-ruiz | Pipeline #90211 has failed for thesis-tools (main)",
    d: "11-16 22:10",
    b: `Pipeline #90211 has failed!

Project: elena-ruiz / thesis-tools
Branch: main
Commit: 2b7f9e1 "Tokeniser: keep clitics attached for Catalan"

Job test:unit failed in stage test (1 failed of 214).
AssertionError: expected ['dona', "-m'", 'ho'] to equal ['dóna', "-m'", 'ho']

https://gitlab.com/elena-ruiz/thesis-tools/-/pipelines/90211`,
    L: "a/fyi/notification",
    why: "CI on the reader's own project failed; she will fix it, nothing breaks for others",
  }),
  gitlab({
    s: "Marco Bellini requested your review on !47 Add Italian treebank loader",
    d: "11-18 09:40",
    b: `Marco Bellini requested your review on merge request !47 in elena-ruiz / thesis-tools.

Add Italian treebank loader

It reads the ISDT CoNLL-U files and maps the feature set to ours. Tests included.

https://gitlab.com/elena-ruiz/thesis-tools/-/merge_requests/47`,
    L: "a/request/notification",
    why: "a collaborator's merge request waiting on the reader's review",
  }),
  datadog({
    s: "[Warn] ledger-service disk usage above 80% on ledger-replica-2",
    d: "11-21 19:03",
    b: `[Warn] ledger-service disk usage above 80% on ledger-replica-2

Metric: system.disk.in_use (avg over 10m) = 0.83 (threshold 0.80, critical 0.92)
Host: ledger-replica-2 · env:prod · team:payments

At the current rate the critical threshold is reached in ~5 days.

Monitor: https://app.datadoghq.eu/monitors/4471388
Notified: @maya.okafor@ferrow.io @slack-payments-alerts`,
    L: "a/fyi/notification",
    why: "a warning-level alert with days of headroom; plan the fix, no emergency",
  }),
  datadog({
    s: "[Triggered] Checkout API error rate > 5% (ferrow-prod)",
    d: "11-26 12:14",
    b: `[Triggered] Checkout API error rate > 5% (ferrow-prod)

Metric: trace.http.request.errors / hits = 0.214 over the last 5m (threshold 0.05)
Top status: 502 from upstream ledger-service

Monitor: https://app.datadoghq.eu/monitors/4471209
Notified: @pagerduty-payments @maya.okafor@ferrow.io`,
    L: "u/fyi/notification",
    why: "one in five checkout requests are failing right now and the reader is notified",
  }),
  cloudflare({
    s: "Your SSL certificate for status.ferrow.io expires in 7 days",
    d: "11-24 05:20",
    b: `The custom certificate uploaded for **status.ferrow.io** expires on 1 December 2026.

Custom certificates are not renewed automatically. Upload a new certificate or switch the hostname to a Cloudflare-managed certificate to avoid browser errors for visitors.

[[Manage certificates]](https://dash.cloudflare.com/ferrow/ferrow.io/ssl-tls/edge-certificates)`,
    L: "a/request/notification",
    why: "a certificate expires in a week; must be renewed but not today",
  }),
  appstore({
    s: 'The status of your app, Kotsu Habits, is now "Rejected"',
    d: "11-19 04:11",
    b: `Dear Kenji Sato,

The status of the following app has changed to Rejected.

App Name: Kotsu Habits
App Version Number: 3.4.0
App SKU: kotsu-habits-ios
App Apple ID: 6449071122

Guideline 3.1.2 - Business - Payments - Subscriptions: the subscription terms are not shown in the purchase flow. See Resolution Center for details.

[[View in App Store Connect]](https://appstoreconnect.apple.com/apps/6449071122/appstore/ios/version/inflight)`,
    lang: "en",
    L: "a/request/notification",
    why: "an app update was rejected; the developer must change the paywall and resubmit, no same-day harm",
  }),
  appstore({
    s: "Your Payment for October 2026 Is on Its Way",
    d: "11-06 10:30",
    b: `Dear Kenji Sato,

We have initiated your payment for October 2026 sales. It should arrive in your bank account (MUFG ****2210) within 7 business days.

Proceeds: ¥412,380

You can view your payments in the Payments and Financial Reports section of App Store Connect.`,
    L: "i/deliver/receipt",
    why: "a payout notice from the app store: money received, kept for records",
  }),
];
