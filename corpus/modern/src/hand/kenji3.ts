import { type Spec, sender } from "../spec.ts";

/** A third batch for Kenji. */
const p = "kenji";
const yui = sender({
  org: "friends-tokyo",
  p,
  from: "田中 結衣 <yui.tanaka@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "ja",
});
const aoi = sender({
  org: "friends-tokyo",
  p,
  from: "中村 葵 <aoi.nakamura@icloud.com>",
  kind: "person",
  shape: "mobile",
  lang: "ja",
});
const mori = sender({
  org: "kumo-design",
  p,
  from: "森 春香 <h.mori@kumo-design.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
  charset: "iso-2022-jp",
  ua: "Becky! ver. 2.81.06",
});
const ito = sender({
  org: "hoshimi",
  p,
  from: "伊藤 剛 <takeshi.ito@hoshimi.co.jp>",
  kind: "person",
  shape: "outlook",
  lang: "ja",
});
const userD = sender({
  org: "kotsu-users",
  p,
  from: "Mateo Rossi <mateo.rossi@icloud.com>",
  kind: "person",
  shape: "mobile",
  lang: "it",
});
const userE = sender({
  org: "kotsu-users",
  p,
  from: "高橋 美咲 <misaki.t@au.com>",
  kind: "person",
  shape: "mobile",
  lang: "ja",
});
const userF = sender({
  org: "kotsu-users",
  p,
  from: "Emma Lindgren <emma.lindgren@telia.se>",
  kind: "person",
  shape: "plain",
  lang: "sv",
  auth: "nodmarc",
});
const partner = sender({
  org: "tsumiki-studio",
  p,
  from: "小林 拓 <taku@tsumiki-studio.jp>",
  kind: "person",
  shape: "gmail",
  lang: "ja",
});
const accountant = sender({
  org: "yamada-tax",
  p,
  from: "山田税理士事務所 <info@yamada-tax-example.jp>",
  kind: "person",
  shape: "outlook",
  lang: "ja",
});
const apple = sender({
  org: "apple",
  p,
  from: "App Store Connect <no_reply@email.apple.com>",
  kind: "system",
  shape: "alt",
});
const firebase = sender({
  org: "google",
  p,
  from: "Firebase Crashlytics <crashlytics-noreply@google.com>",
  kind: "system",
  shape: "alt",
});
const google = sender({
  org: "google",
  p,
  from: "Google <no-reply@accounts.google.com>",
  kind: "system",
  shape: "alt",
  lang: "ja",
});
const pragmatic = sender({
  org: "substack-indie-hackers-jp",
  p,
  from: "個人開発ニュース <indiedev@substack.com>",
  kind: "bulk",
  shape: "html",
  lang: "ja",
  dkim: "substack.com",
  unsub: "https://substack.com/unsubscribe/indiedev",
});
const hackernews = sender({
  org: "hn-digest",
  p,
  from: "Hacker Newsletter <kale@hackernewsletter.com>",
  kind: "bulk",
  shape: "html",
  unsub: "https://hackernewsletter.com/unsubscribe?k=7",
});
const bic = sender({
  org: "bic-camera",
  p,
  from: "ビックカメラ.com <info@biccamera.com>",
  kind: "bulk",
  shape: "html",
  lang: "ja",
  charset: "shift_jis",
  unsub: "https://www.biccamera.com/bc/member/mail/stop",
});
const qiita = sender({
  org: "qiita",
  p,
  from: "Qiita <noreply@qiita.com>",
  kind: "bulk",
  shape: "alt",
  lang: "ja",
  unsub: "https://qiita.com/settings/notifications",
});

export const kenji3: Spec[] = [
  firebase({
    s: "Trending stability issue in Kotsu Habits (iOS) 3.4.1",
    d: "11-24 08:30",
    b: `# Velocity alert

An issue in **SyncEngine.swift line 211** is affecting **4.8% of users** in the last hour on version 3.4.1 (212).

Fatal error: Unexpectedly found nil while unwrapping an Optional value

[[View issue]](https://console.firebase.google.com/project/kotsu-prod/crashlytics/app/ios:app.kotsu/issues/8c1f)`,
    L: "u/fyi/notification",
    why: "a crash spreading among users of the just-released version; this is the data-loss bug",
  }),
  apple({
    s: "Expedited review request received",
    d: "11-24 12:10",
    b: `Dear Kenji Sato,

We've received your request for an expedited review of Kotsu Habits 3.4.2. We will review the request and, if approved, your app will be reviewed as soon as possible.`,
    L: "i/commit/notification",
    why: "the store acknowledges a request and promises to review soon",
  }),
  userE({
    s: "データ戻りました！",
    d: "11-25 12:40",
    b: `開発者様

アップデートしたら記録が全部戻っていました！本当にありがとうございます。これからも使い続けます。

山本さくらの友人の高橋です。彼女も戻ったそうです。

auのiPhoneから送信`,
    L: "i/fyi/primary",
    why: "users report the fix worked; nothing to do",
  }),
  userD({
    s: "Abbonamento non attivo dopo l'acquisto",
    d: "11-26 08:15",
    b: `Ciao,

ho comprato l'abbonamento annuale ieri sera ma l'app mi dice ancora che sono in prova e le funzioni premium sono bloccate. Puoi controllare? Ho la ricevuta di Apple.

Mateo

Inviato da iPhone`,
    L: "a/request/primary",
    why: "a paying customer's purchase did not unlock; needs handling but not within hours",
  }),
  userF({
    s: "Tack för appen",
    d: "11-18 21:00",
    b: `Hej Kenji,

Bara ett tack – jag har använt Kotsu i ett år och har inte missat en enda morgonpromenad sedan i våras.

Hälsningar,
Emma`,
    L: "i/fyi/primary",
    why: "a user's thank-you note",
  }),
  partner({
    s: "ウィジェットの共同開発の件",
    d: "11-21 14:00",
    b: `佐藤さん

つみきスタジオの小林です。先日のiOSDCでお話ししたウィジェット連携の件、うちのカレンダーアプリとKotsuでデータを相互表示する案を考えてみました。

来週どこかで30分ほどお話しできませんか。

小林`,
    L: "a/propose/primary",
    why: "an indie developer proposes a collaboration and a call",
  }),
  accountant({
    s: "確定申告の準備について",
    d: "11-25 10:30",
    b: `佐藤様

いつもお世話になっております。山田税理士事務所です。

令和8年分の確定申告に向けて、1月15日までに以下の資料をご送付ください。

- 売上明細（App Store、Stripe）
- 経費の領収書
- 源泉徴収票（業務委託分）

よろしくお願いいたします。`,
    L: "a/request/primary",
    why: "the tax accountant asks for documents by mid-January",
  }),
  mori({
    s: "修正版アイコンの送付",
    d: "11-27 16:00",
    b: `佐藤様

B案の色味を調整した修正版をお送りします。緑を明るくし、ダークモード用も用意しました。
問題なければ、これで納品とさせていただきます。

森`,
    att: [{ name: "kotsu_icon_final.png" }],
    L: "i/deliver/primary",
    why: "the designer delivers the revised icon",
  }),
  ito({
    s: "キックオフの日程変更のお願い",
    d: "12-04 15:30",
    b: `佐藤さん

大変恐縮ですが、12月10日のキックオフを12月11日（金）の同じ時間に変更させていただけないでしょうか。社内の予算会議と重なってしまいました。

伊藤`,
    L: "a/amend/primary",
    why: "a client asks to move the kickoff by a day",
  }),
  yui({
    s: "忘年会の会費",
    d: "12-20 10:00",
    b: `昨日はおつかれさま！会費は一人4,500円でした。PayPayで送ってもらえると助かります〜`,
    L: "a/request/primary",
    why: "a friend asks the reader to pay his share",
  }),
  aoi({
    s: "今夜の件",
    d: "11-27 17:45",
    b: `ごめん、今夜の映画、仕事で行けなくなっちゃった。チケットは友達に譲ったから大丈夫！また今度ね。

iPhoneから送信`,
    L: "i/amend/primary",
    why: "a friend cancels tonight's plan and says it is handled",
  }),
  google({
    s: "ストレージの使用量が上限の 90% に達しました",
    d: "11-22 09:00",
    b: `Google アカウントのストレージが 15 GB のうち 13.6 GB 使用されています。上限に達すると Gmail でメールを送受信できなくなります。

[[ストレージを管理]](https://one.google.com/storage)`,
    L: "a/fyi/notification",
    why: "storage nearly full; the reader should clean up before mail stops",
  }),
  pragmatic({
    s: "個人開発ニュース #88：サブスクの価格改定はいつやるべきか",
    d: "11-20 20:00",
    b: `# 今週のトピック

- サブスク価格改定のタイミングと既存ユーザーへの伝え方
- App Storeの新しい返金ポリシー
- 月100万円を超えた個人開発者へのインタビュー

[[続きを読む]](https://indiedev.substack.com/p/88)`,
    L: "i/fyi/newsletter",
    why: "an editorial newsletter on the reader's field",
  }),
  hackernews({
    s: "Hacker Newsletter #731",
    d: "11-21 13:00",
    b: `# Hacker Newsletter

- **Favorites**: Why SQLite is enough; The end of the SPA; A pocket history of Unicode
- **Show HN**: a habit tracker in 300 lines of Swift
- **Ask HN**: How do you price a solo SaaS?

[[Read online]](https://hackernewsletter.com/issues/731)`,
    L: "i/fyi/newsletter",
    why: "a curated tech digest the reader reads",
  }),
  bic({
    s: "【ブラックフライデー】iPhone・Macが最大20%ポイント還元",
    d: "11-27 07:00",
    b: `# ブラックフライデー開催中

iPhone、Mac、AirPodsが最大20%ポイント還元。12月1日まで。

[[今すぐチェック]](https://www.biccamera.com/bc/c/sale/blackfriday/)`,
    L: "l/propose/promotion",
    why: "retail marketing in Shift_JIS",
  }),
  qiita({
    s: "あなたの記事がトレンドに入りました",
    d: "11-19 18:00",
    b: `あなたの記事「SwiftDataのマイグレーションで詰まった3つのこと」がトレンドに入りました。いいね 184件。

[[記事を見る]](https://qiita.com/kenji_sato/items/8f1a)`,
    L: "l/fyi/social",
    why: "a developer community's notification about the reader's post",
  }),
];
