import { type Spec, sender } from "../spec.ts";

/** Kenji's mailbox: an indie app developer in Tokyo (Japanese, some English). */
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
const family = sender({
  org: "family-sato",
  p,
  from: "佐藤 正 <sato.family.kyoto@docomo.ne.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
  charset: "iso-2022-jp",
  host: "mta-snd-e02.mail.docomo.ne.jp",
  auth: "nodmarc",
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
const user1 = sender({
  org: "kotsu-users",
  p,
  from: "山本 さくら <sakura.y.0318@ezweb.ne.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
  charset: "shift_jis",
  cte: "base64",
  auth: "nodmarc",
});
const user2 = sender({
  org: "kotsu-users",
  p,
  from: "Daniel Hughes <dan.hughes.runs@outlook.com>",
  kind: "person",
  shape: "outlook",
});
const rakuten = sender({
  org: "rakuten",
  p,
  from: "楽天市場 <order@rakuten.co.jp>",
  kind: "system",
  shape: "plain",
  lang: "ja",
  charset: "iso-2022-jp",
});
const amazonjp = sender({
  org: "amazon-jp",
  p,
  from: "Amazon.co.jp <shipment-tracking@amazon.co.jp>",
  kind: "system",
  shape: "alt",
  lang: "ja",
});
const jal = sender({
  org: "jal",
  p,
  from: "JAL <info@jal.com>",
  kind: "system",
  shape: "alt",
  lang: "ja",
  dkim: "jal.com",
});
const smbc = sender({
  org: "smbc",
  p,
  from: "三井住友カード <mail@contact.vpass.ne.jp>",
  kind: "system",
  shape: "plain",
  lang: "ja",
  charset: "shift_jis",
  cte: "base64",
  dkim: "vpass.ne.jp",
});
const connpass = sender({
  org: "connpass",
  p,
  from: "connpass <no-reply@connpass.com>",
  kind: "system",
  shape: "plain",
  lang: "ja",
});
const note = sender({
  org: "note-jp",
  p,
  from: "note <info@note.jp>",
  kind: "bulk",
  shape: "html",
  lang: "ja",
  unsub: "https://note.com/settings/notifications",
});
const revenuecat = sender({
  org: "revenuecat",
  p,
  from: "RevenueCat <hello@revenuecat.com>",
  kind: "system",
  shape: "alt",
});
const uniqlo = sender({
  org: "uniqlo",
  p,
  from: "ユニクロ <info@ml.uniqlo.com>",
  kind: "bulk",
  shape: "html",
  lang: "ja",
  charset: "shift_jis",
  dkim: "ml.uniqlo.com",
  unsub: "https://www.uniqlo.com/jp/ja/member/mail-stop",
});
const mercari = sender({
  org: "mercari",
  p,
  from: "メルカリ <no-reply@mercari.jp>",
  kind: "system",
  shape: "alt",
  lang: "ja",
});

export const tokyo: Spec[] = [
  yui({
    s: "土曜日のごはん",
    d: "11-18 21:03",
    b: `けんじくん

土曜日の夜、みんなで三軒茶屋の焼き鳥屋さんに行こうって話になってるんだけど、来られる？19時から予約しようと思ってるので、木曜までに教えてね。

結衣`,
    L: "a/meet/primary",
    why: "a friend invites the reader to dinner and wants an answer by Thursday",
  }),
  aoi({
    s: "写真ありがとう",
    d: "11-16 23:10",
    b: `この前の写真ありがとう！鎌倉の紅葉きれいだったね。また行こう。

iPhoneから送信`,
    L: "i/fyi/primary",
    why: "a friend's thank-you note; nothing asked",
  }),
  family({
    s: "年末の予定",
    d: "11-20 19:30",
    b: `健二へ

年末はいつ京都に帰ってきますか。お母さんがおせちの準備をするので、人数を知りたいそうです。
新幹線が混むので、早めに切符を取ったほうがいいですよ。

父より`,
    L: "a/request/primary",
    why: "the reader's father asks when he is coming home for New Year",
  }),
  mori({
    s: "アイコン案の送付",
    d: "11-17 15:40",
    b: `佐藤様

お世話になっております。クモデザインの森です。

ご依頼いただいたアプリアイコンのリニューアル案を3点お送りします。
ご確認のうえ、来週水曜日（25日）までにご意見をいただけますと幸いです。

よろしくお願いいたします。

森 春香
株式会社クモデザイン`,
    att: [{ name: "kotsu_icon_v1-3.png" }],
    L: "a/request/primary",
    why: "a designer delivers icon drafts and asks for feedback by next Wednesday",
  }),
  mori({
    s: "Re: アイコン案の送付",
    d: "11-26 10:15",
    b: `佐藤様

ご意見ありがとうございました。B案をベースに色味を調整したものを、金曜日までにお送りいたします。

森`,
    q: {
      from: "Kenji Sato <kenji.sato.dev@gmail.com>",
      d: "11-25 22:30",
      b: "森様\n\nB案がいいと思います。緑をもう少し明るくできますか。\n\n佐藤",
    },
    L: "i/commit/primary",
    why: "the designer promises the revised icon by Friday",
  }),
  ito({
    s: "業務委託のご相談",
    d: "11-12 11:05",
    b: `佐藤さん

ご無沙汰しています。星見の伊藤です。

来年1月から3か月ほど、決済アプリのオンボーディング改善をお手伝いいただけないかと思い連絡しました。週2日程度、リモート中心を想定しています。

一度オンラインでお話しできればと思いますが、来週のご都合はいかがでしょうか。

伊藤 剛
株式会社星見 プロダクト部`,
    L: "a/propose/primary",
    why: "a former colleague proposes a contract and asks for a call",
  }),
  ito({
    s: "RE: 業務委託のご相談",
    d: "11-16 09:20",
    b: `佐藤さん

ありがとうございます。では11月19日（木）14:00からでお願いします。Teamsの招待をお送りしました。

伊藤`,
    ics: {
      method: "REQUEST",
      start: "11-19 14:00",
      mins: 45,
      summary: "業務委託のご相談（星見×佐藤）",
      loc: "Microsoft Teams",
      style: "outlook",
    },
    L: "a/meet/primary",
    why: "schedules a call with an attached meeting invitation",
  }),
  user1({
    s: "アプリのデータが消えました",
    d: "11-24 07:45",
    b: `開発者様

いつもコツを使っています。今朝アップデートしたら、これまでの習慣の記録（約400日分）がすべて消えてしまいました。
有料プランに入っています。復元できますか。とても困っています。

山本`,
    L: "u/request/primary",
    why: "a paying user lost 400 days of data after an update; possibly others too, needs attention now",
  }),
  user2({
    s: "Feature idea: Apple Watch complication",
    d: "11-15 06:12",
    b: `Hi Kenji,

Love Kotsu, been using it daily for a year. One idea: a watch complication that shows today's streak so I don't have to open the app. I'd happily pay more for that.

Cheers,
Dan`,
    L: "i/propose/primary",
    why: "a user suggests a feature; nice to read, no action needed",
  }),
  rakuten({
    s: "【楽天市場】注文内容ご確認（自動配信メール）",
    d: "11-13 20:21",
    b: `佐藤 健二 様

この度は楽天市場をご利用いただき、ありがとうございます。
以下の内容でご注文を承りました。

注文番号：412093-20261113-0882117
商品：北海道産 新米 ゆめぴりか 5kg
金額：3,980円（送料無料）
お支払い方法：クレジットカード

お届け予定日：11月16日（月）

楽天市場`,
    L: "i/deliver/receipt",
    why: "an order confirmation",
  }),
  amazonjp({
    s: "発送済み: 「Anker Nano Charger 65W」",
    d: "11-21 09:40",
    b: `# ご注文の商品を発送しました

お届け予定：**11月22日（日）**

注文番号：249-8812047-5529104

| Anker Nano Charger 65W | ¥5,990 |

[[配送状況を確認]](https://www.amazon.co.jp/gp/your-account/ship-track?orderId=249-8812047-5529104)`,
    L: "i/deliver/receipt",
    why: "a shipping confirmation",
  }),
  jal({
    s: "【JAL】ご搭乗便の出発時刻変更のお知らせ",
    d: "12-29 06:20",
    b: `佐藤 健二 様

本日ご予約のJAL 111便（羽田 08:00発 → 伊丹）の出発時刻が、機材到着遅れのため **08:50** に変更となりました。

ご迷惑をおかけし申し訳ございません。最新の運航情報はJALアプリでご確認ください。`,
    L: "u/amend/notification",
    why: "today's flight departure moved; the reader must adjust within hours",
  }),
  smbc({
    s: "【三井住友カード】ご利用のお知らせ",
    d: "11-22 13:02",
    b: `佐藤 健二 様

三井住友カードをご利用いただきありがとうございます。
お客様のカードご利用内容をお知らせいたします。

ご利用日時：2026/11/22 13:01
ご利用先：APPLE COM BILL
ご利用金額：1,500円

本メールは送信専用です。`,
    L: "i/fyi/notification",
    why: "a routine card-use notification for a small charge",
  }),
  connpass({
    s: "iOSDC反省会 #12 の参加登録が完了しました",
    d: "11-10 12:30",
    b: `佐藤 健二 さん

以下のイベントへの参加登録が完了しました。

イベント：iOSDC反省会 #12
日時：2026/12/05（土）14:00～18:00
会場：渋谷ストリーム 9F

受付票はイベントページからご確認ください。
https://ios-meetup.connpass.com/event/412881/`,
    L: "i/deliver/social",
    why: "a community platform confirms an event registration",
  }),
  note({
    s: "今週のおすすめ記事：個人開発で月10万円を稼ぐまで",
    d: "11-19 19:00",
    b: `# 今週のおすすめ

- [個人開発で月10万円を稼ぐまでにやったこと](https://note.com/indie_dev/n/n1)
- [SwiftUIで作るウィジェットの設計](https://note.com/swiftlab/n/n2)
- [サブスクの解約率を下げた3つの工夫](https://note.com/growthmemo/n/n3)`,
    L: "i/fyi/newsletter",
    why: "an editorial digest on topics the reader follows",
  }),
  revenuecat({
    s: "Kotsu Habits crossed $3,000 MRR 🎉",
    d: "11-23 02:00",
    b: `# Congrats, Kenji!

**Kotsu Habits** just crossed **$3,000** in monthly recurring revenue.

- Active subscriptions: 1,204
- Trial conversion (30 days): 41%
- Churn (30 days): 5.8%

[[Open dashboard]](https://app.revenuecat.com/overview)`,
    L: "i/fyi/notification",
    why: "a milestone notice from a SaaS the app uses",
  }),
  uniqlo({
    s: "【期間限定】感謝祭 ヒートテックが特別価格",
    d: "11-20 07:00",
    b: `# ユニクロ感謝祭

ヒートテック、ウルトラライトダウンなど人気商品が期間限定価格に。11月26日（木）まで。

[[商品を見る]](https://www.uniqlo.com/jp/ja/feature/limited-offers)`,
    L: "l/propose/promotion",
    why: "retail marketing in Shift_JIS",
  }),
  mercari({
    s: "商品が購入されました",
    d: "11-25 21:15",
    b: `# 出品した商品が購入されました

商品名：iPhone 13 mini 128GB ミッドナイト
販売価格：¥38,000

購入者が支払いを完了しました。**3日以内**に発送してください。

[[取引画面を開く]](https://jp.mercari.com/transaction/m71120441)`,
    L: "a/request/notification",
    why: "the reader's item sold and must be shipped within three days",
  }),
];
