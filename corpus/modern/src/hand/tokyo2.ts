import { type Spec, sender } from "../spec.ts";

/** More of Kenji's mail: app business, users, tax, friends. */
const p = "kenji";
const appReview = sender({
  org: "apple",
  p,
  from: "App Store Connect <no_reply@email.apple.com>",
  kind: "system",
  shape: "alt",
});
const testflight = sender({
  org: "apple",
  p,
  from: "TestFlight <no_reply@email.apple.com>",
  kind: "system",
  shape: "alt",
});
const stripe = sender({
  org: "stripe",
  p,
  from: "Stripe <notifications@stripe.com>",
  kind: "system",
  shape: "alt",
  lang: "ja",
});
const freee = sender({
  org: "freee",
  p,
  from: "freee <info@freee.co.jp>",
  kind: "system",
  shape: "alt",
  lang: "ja",
});
const etax = sender({
  org: "e-tax",
  p,
  from: "e-Tax <info@e-tax.nta.go.jp>",
  kind: "system",
  shape: "plain",
  lang: "ja",
  charset: "iso-2022-jp",
});
const userA = sender({
  org: "kotsu-users",
  p,
  from: "Laura Schmidt <laura.schmidt@gmx.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
  ua: "GMX Freemail",
});
const userB = sender({
  org: "kotsu-users",
  p,
  from: "鈴木 大輔 <d.suzuki.1987@yahoo.co.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
  charset: "iso-2022-jp",
  auth: "nodmarc",
});
const userC = sender({
  org: "kotsu-users",
  p,
  from: "Priscila Gomes <pri.gomes@hotmail.com>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
});
const press = sender({
  org: "app-press",
  p,
  from: "Chloe Park <chloe@appsthatmatter.blog>",
  kind: "person",
  shape: "gmail",
});
const yui = sender({
  org: "friends-tokyo",
  p,
  from: "田中 結衣 <yui.tanaka@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "ja",
});
const mom = sender({
  org: "family-sato",
  p,
  from: "佐藤 恵子 <keiko.sato.kyoto@docomo.ne.jp>",
  kind: "person",
  shape: "mobile",
  lang: "ja",
});
const ito = sender({
  org: "hoshimi",
  p,
  from: "伊藤 剛 <takeshi.ito@hoshimi.co.jp>",
  kind: "person",
  shape: "outlook",
  lang: "ja",
});
const landlord = sender({
  org: "sumitomo-fudosan",
  p,
  from: "住友不動産 賃貸管理 <chintai-info@sumitomo-example.co.jp>",
  kind: "system",
  shape: "plain",
  lang: "ja",
  charset: "shift_jis",
  cte: "quoted-printable",
});
const clinic = sender({
  org: "nakameguro-clinic",
  p,
  from: "中目黒内科クリニック <yoyaku@nakameguro-naika.jp>",
  kind: "system",
  shape: "plain",
  lang: "ja",
});
const iosDevList = sender({
  org: "swift-forums",
  p,
  from: "Swift Forums <forums@swift.org>",
  kind: "system",
  shape: "alt",
});

export const tokyo2: Spec[] = [
  appReview({
    s: "Your submission was accepted for review",
    d: "11-20 10:12",
    b: `Dear Kenji Sato,

The following submission was accepted for review: Kotsu Habits 3.4.1 (iOS). You will be notified when the status changes.`,
    L: "i/fyi/notification",
    why: "a status change of an app submission; nothing to do",
  }),
  appReview({
    s: 'The status of your app, Kotsu Habits, is now "Ready for Distribution"',
    d: "11-21 03:40",
    b: `Dear Kenji Sato,

The status of your app has changed to Ready for Distribution.

App Name: Kotsu Habits
App Version Number: 3.4.1

Your app will be available on the App Store within 24 hours.`,
    L: "i/fyi/notification",
    why: "the app update passed review and ships automatically",
  }),
  appReview({
    s: "A new review was posted for Kotsu Habits",
    d: "11-24 18:05",
    b: `★☆☆☆☆ "Lost all my data after update"

"Updated this morning and 2 years of streaks are gone. I pay for premium. Please fix or refund."
— runner_mike, United States

[[Respond to review]](https://appstoreconnect.apple.com/apps/6449071122/appstore/activity/ios/ratingsResponses)`,
    L: "u/fyi/notification",
    why: "a second report of data loss after the update; the release is hurting paying users now",
  }),
  testflight({
    s: "New feedback for Kotsu Habits 3.5 (212)",
    d: "11-26 22:30",
    b: `A tester submitted feedback for Kotsu Habits 3.5 (212).

Tester: yui.tanaka@gmail.com
Device: iPhone 16, iOS 26.1

"ウィジェットの色が設定と違う。ダークモードだと文字が読めない。"

[[View feedback]](https://appstoreconnect.apple.com/apps/6449071122/testflight/feedback)`,
    L: "a/fyi/notification",
    why: "a beta tester's bug report; fix before release, not today",
  }),
  stripe({
    s: "【Stripe】Kotsu の入金が完了しました",
    d: "11-18 09:00",
    b: `# 入金のお知らせ

**¥186,420** が三菱UFJ銀行（****2210）に入金されました。

期間：11月4日〜11月10日のお支払い（Web版サブスクリプション）

[[入金の詳細を見る]](https://dashboard.stripe.com/payouts/po_1QmX2)`,
    L: "i/deliver/receipt",
    why: "a payout to the reader's bank; kept for records",
  }),
  freee({
    s: "【freee会計】未処理の明細が32件あります",
    d: "11-23 08:00",
    b: `佐藤 健二 様

同期した口座・カードに、未処理の明細が32件あります。確定申告に向けて、早めの登録をおすすめします。

[[明細を登録する]](https://secure.freee.co.jp/wallet_txns/stream)`,
    L: "l/request/notification",
    why: "an accounting tool nudges about unprocessed entries; months before the tax deadline",
  }),
  etax({
    s: "【e-Tax】メッセージボックスにお知らせが格納されました",
    d: "11-14 09:30",
    b: `佐藤 健二 様

e-Taxのメッセージボックスに「令和8年分 予定納税額の通知」が格納されました。
内容はe-Taxにログインしてご確認ください。

国税庁`,
    L: "a/fyi/notification",
    why: "the tax office posted a notice of an estimated-tax payment; needs reading soon",
  }),
  userA({
    s: "Kotsu: Abo doppelt abgebucht",
    d: "11-22 11:15",
    b: `Hallo,

mir wurde das Jahresabo von Kotsu diesen Monat zweimal abgebucht (2x 29,99 €), einmal über Apple und einmal über Ihre Website. Können Sie eins davon erstatten?

Danke,
Laura Schmidt`,
    L: "a/request/primary",
    why: "a customer asks for a refund of a double charge",
  }),
  userB({
    s: "習慣の並び替えについて",
    d: "11-19 22:40",
    b: `開発者様

いつも便利に使わせていただいております。
習慣の並び替えをドラッグでできるようにしていただけると嬉しいです。
ご検討よろしくお願いいたします。

鈴木`,
    L: "i/propose/primary",
    why: "a user suggests a feature, no reply expected",
  }),
  userC({
    s: "Tradução para português",
    d: "11-16 15:20",
    b: `Olá Kenji,

Uso a Kotsu todos os dias e reparei que a app não tem português. Sou tradutora e posso fazer a tradução de graça, se quiser. Basta enviar-me os ficheiros.

Abraço,
Priscila`,
    L: "a/propose/primary",
    why: "a user offers to translate the app and asks for files",
  }),
  press({
    s: "Feature in our year-end habit apps roundup?",
    d: "11-25 01:30",
    b: `Hi Kenji,

I write Apps That Matter, a newsletter with ~40k readers. I'm putting together our year-end roundup of habit trackers and would like to include Kotsu. Could you answer three quick questions by December 4?

1. What makes Kotsu different?
2. What's coming in 2027?
3. Can you share a promo code for readers?

Thanks!
Chloe Park`,
    L: "a/request/primary",
    why: "a journalist asks for answers by a date next week",
  }),
  yui({
    s: "Re: 土曜日のごはん",
    d: "11-20 08:10",
    b: `了解！じゃあ4人で予約しておくね。場所は三軒茶屋の「鳥よし」、19時です。`,
    q: { from: "Kenji Sato <kenji.sato.dev@gmail.com>", d: "11-19 23:50", b: "行く！アオイも誘っていい？" },
    L: "i/commit/primary",
    why: "the friend confirms she will book and gives the place",
  }),
  mom({
    s: "お米届いた？",
    d: "11-17 19:20",
    b: `健二、新米送ったけど届いた？
ちゃんとご飯食べてる？
年末は何日に帰る？

母`,
    L: "a/request/primary",
    why: "the reader's mother asks two simple questions",
  }),
  ito({
    s: "契約書ドラフトの送付",
    d: "11-24 17:10",
    b: `佐藤さん

先日はありがとうございました。業務委託契約書のドラフトをお送りします。
内容をご確認のうえ、修正点があれば12月1日までにご連絡ください。

伊藤`,
    att: [
      {
        name: "業務委託契約書_ドラフト.pdf",
        text: "Contract draft\nHoshimi Inc. / Kenji Sato\nTerm: 2027-01-04 to 2027-03-31\n2 days per week",
      },
    ],
    L: "a/request/primary",
    why: "a contract draft to review by 1 December",
  }),
  landlord({
    s: "【重要】給湯器交換工事のお知らせ",
    d: "11-19 10:00",
    b: `入居者各位

12月3日（木）9:00〜12:00に、各住戸の給湯器交換工事を行います。
当日はお湯が使えません。また、室内での作業がありますので、立ち会いが難しい場合は11月30日までに管理会社へご連絡ください。

住友不動産 賃貸管理`,
    L: "a/request/notification",
    why: "a building notice asking to arrange access before 30 November",
  }),
  clinic({
    s: "ご予約確認：12月2日 10:30",
    d: "11-25 12:00",
    b: `佐藤 健二 様

以下の内容でご予約を承りました。

日時：12月2日（水）10:30
内容：インフルエンザ予防接種

変更・キャンセルは前日までにお電話ください。

中目黒内科クリニック`,
    L: "i/deliver/receipt",
    why: "an appointment confirmation",
  }),
  iosDevList({
    s: "[Swift Forums] [Pitch] Typed throws in async sequences",
    d: "11-22 05:00",
    b: `**hborla** posted in Evolution > Pitches:

I'd like to pitch allowing AsyncSequence to declare a typed failure, so that for try await loops can throw a concrete error type. Feedback welcome on the design alternatives section.

[[Visit topic]](https://forums.swift.org/t/pitch-typed-throws-async-sequences/78112)

You are receiving this because you are watching the Pitches category.`,
    L: "l/propose/social",
    why: "a community-forum notice of a proposal the reader watches but need not answer",
  }),
];
