/**
 * Wording behind phishing and scams, in the languages the product reads (en, de, fr, es, pt, it,
 * nl, pl, sv, ru, bg, ja, zh, ko). Signals the stage-1 model weighs, never verdicts: a real
 * security alert says "unusual sign-in" too, and the model sees whether its sender is verified.
 * Every pattern expects lower-cased text.
 */
const B = "(?:^|[^\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
// Case-sensitive on purpose: callers pass lower-cased text (the "i" flag made these ~2× slower).
const words = (alternatives: string[], cjk: string[] = []) =>
  new RegExp(`${B}(?:${alternatives.join("|")})${E}${cjk.length ? `|${cjk.join("|")}` : ""}`, "u");

/** Asks to sign in, verify or re-enter account details, passwords or codes. */
export const CREDENTIAL_WORDS = words(
  [
    "verify your (?:account|identity|email|information|details|password)",
    "confirm your (?:account|identity|email|information|details|password|credentials)",
    "(?:re-?)?validate your (?:account|mailbox|email)",
    "update your (?:account|billing|payment|card) (?:info|information|details|method)",
    "(?:log|sign) ?in (?:to|and) (?:verify|confirm|restore|unlock|review|keep)",
    "unusual (?:sign-?in|login|activity)",
    "password (?:expires?|expired|expiring)",
    "re-?enter your password",
    "(?:konto|identität|daten|zugangsdaten) (?:bestätigen|verifizieren|aktualisieren)",
    "bestätigen sie (?:ihr|ihre) (?:konto|identität|daten)",
    "vérifie[rz] (?:votre|vos) (?:compte|identité|informations|coordonnées)",
    "confirme[rz] (?:votre|vos) (?:compte|identité|informations|coordonnées)",
    "(?:verifi|confirm)(?:a|e|ar|e) (?:su|tu|sus|tus) (?:cuenta|identidad|datos)",
    "(?:verifique|confirme|atualize) (?:a sua|sua|os seus|seus) (?:conta|identidade|dados)",
    "(?:verifica|conferma|aggiorna) (?:il tuo|i tuoi|la tua) (?:account|identità|dati)",
    "(?:verifieer|bevestig) (?:uw|je) (?:account|identiteit|gegevens)",
    "(?:zweryfikuj|potwierdź) (?:swoje|swoją|konto|dane|tożsamość)",
    "(?:verifiera|bekräfta) (?:ditt|din|dina) (?:konto|identitet|uppgifter)",
    "(?:подтвердите|подтвердить) (?:ваш|свой|данные|учетную)",
    "(?:потвърдете|потвърдите) (?:вашия|вашата|данните|профила)",
  ],
  [
    "アカウント(?:を|の)?(?:確認|認証|更新)",
    "本人確認",
    "ログインして(?:ください|確認)",
    "パスワード(?:の|を)?(?:更新|再設定|確認)",
    "验证您的(?:账户|帐户|身份)",
    "确认您的(?:账户|帐户|身份)",
    "계정(?:을|를)? ?(?:확인|인증)",
  ],
);

/** Says the account or service is suspended, locked, limited or about to be closed. */
export const ACCOUNT_THREAT_WORDS = words(
  [
    "(?:account|mailbox|card|access|service) (?:has been|was|will be|is) (?:suspended|locked|limited|restricted|disabled|deactivated|closed|terminated|blocked|deleted)",
    "(?:suspended|locked|limited|restricted|disabled|deactivated|closed|deleted) within (?:24|48|72) hours",
    "(?:mailbox|storage) (?:is )?(?:full|over quota)",
    "(?:konto|zugang|karte) (?:wurde|wird) (?:gesperrt|eingeschränkt|deaktiviert|gelöscht)",
    "(?:compte|accès|carte) (?:a été|sera) (?:suspendu|bloqué|limité|désactivé|supprimé)",
    "(?:cuenta|acceso|tarjeta) (?:ha sido|será|fue) (?:suspendida|bloqueada|limitada|desactivada|cancelada)",
    "(?:conta|acesso|cartão) (?:foi|será) (?:suspensa|bloqueada|limitada|desativada|cancelada|suspenso|bloqueado)",
    "(?:account|conto|carta) (?:è stato|sarà) (?:sospeso|bloccato|limitato|disattivato)",
    "(?:account|rekening|pas) (?:is|wordt) (?:geblokkeerd|opgeschort|beperkt|gedeactiveerd)",
    "konto (?:zostało|zostanie) (?:zablokowane|zawieszone|ograniczone)",
    "(?:kontot|kortet) (?:har|kommer att) (?:spärrats|stängas|begränsats)",
    "(?:аккаунт|счет|счёт|карта) (?:заблокирован|будет заблокирован|ограничен)",
    "(?:профилът|сметката|картата) (?:е|ще бъде) (?:блокиран|блокирана|спрян|спряна)",
  ],
  [
    "(?:アカウント|カード|ご利用)(?:が|を)?(?:停止|凍結|制限|ロック)",
    "账户(?:已被|将被)?(?:冻结|停用|限制)",
    "계정(?:이|을)? ?(?:정지|잠금|제한)",
  ],
);

/** Asks for money: overdue payments, fees to release a parcel, changed bank details, gift cards, wires. */
export const PAYMENT_WORDS = words(
  [
    "(?:invoice|payment|balance|bill) (?:is )?(?:overdue|past due|outstanding|failed|declined)",
    "(?:pay|settle) (?:the |a )?(?:small |outstanding )?(?:fee|balance|amount|duty|customs)",
    "(?:pay|settle|process) (?:the |this |your |our |my )?(?:attached |enclosed |outstanding |open )?invoices?",
    "(?:payment|invoice) (?:is )?due (?:today|now|immediately|by|on|within)",
    "(?:customs|delivery|shipping|redelivery) fee",
    "gift ?cards?",
    "wire (?:transfer|the (?:funds|payment|amount))",
    "(?:new|updated|changed) (?:bank|banking|account|payment) (?:details|information|account)",
    "(?:zahlung|rechnung) (?:ist )?(?:überfällig|fehlgeschlagen|offen)",
    "(?:zoll|versand)gebühr",
    "(?:begleichen|bezahlen|überweisen) sie (?:bitte )?(?:die|den|diese|unsere) (?:offene |beigefügte |anliegende )?(?:rechnung|betrag)",
    "(?:die |diese )?rechnung (?:bitte )?(?:begleichen|bezahlen|überweisen)",
    "neue (?:bankverbindung|kontoverbindung)",
    "(?:facture|paiement) (?:impayée?|en retard|échoué|refusé)",
    "frais de (?:douane|livraison|port)",
    "(?:régler|payer|réglez|payez) (?:la |cette |votre |notre )?facture",
    "(?:factura|pago) (?:vencid[ao]|pendiente|rechazad[ao]|fallid[ao])",
    "(?:tasas|gastos) de (?:aduana|envío)",
    "(?:pagar|abonar|pague|abone) (?:la |esta |su )?factura",
    "(?:fatura|pagamento) (?:em atraso|vencid[ao]|pendente|recusad[ao])",
    "taxas? (?:alfandegária|de importação|de entrega|aduaneira)",
    "(?:pagar|liquidar|pague|liquide) (?:a |esta |sua |a sua )?fatura",
    "(?:fattura|pagamento) (?:scadut[ao]|in sospeso|non riuscito|rifiutat[ao])",
    "(?:pagare|saldare|paghi|salda|saldi) (?:la |questa |la nostra )?fattura",
    "(?:factuur|betaling) (?:is )?(?:verlopen|achterstallig|mislukt|openstaand)",
    "(?:betaal|voldoe) (?:de |deze |uw |onze )?factuur",
    "factuur (?:te )?(?:betalen|voldoen)",
    "(?:faktura|płatność) (?:jest )?(?:przeterminowana|zaległa|nieudana|odrzucona)",
    "(?:zapłać|opłać|zapłacić|opłacić|uregulować|ureguluj) (?:tę |naszą )?(?:fakturę|rachunek)",
    "(?:faktura|betalning) (?:är )?(?:förfallen|obetald|misslyckad)",
    "betala (?:fakturan|räkningen)",
    "(?:просроченн\\p{L}*|неоплаченн\\p{L}*) (?:счет|счёт|платеж|платёж)",
    "(?:оплатите|оплатить) (?:этот |наш )?(?:счет|счёт)",
  ],
  [
    "お支払い(?:が|の)?(?:確認できません|遅延|失敗)",
    "未払い",
    "請求書(?:を|の)?(?:お支払い|支払)",
    "(?:请|請)(?:支付|付款|结清)",
    "支払いが(?:失敗|確認できません)",
    "付款(?:失败|逾期)",
    "결제(?:가|를)? ?(?:실패|연체)",
    "청구서(?:를|의)? ?(?:결제|납부)",
  ],
);

/** The promise side of scams: prizes, inheritances, returns, crypto, refunds waiting to be claimed. */
export const LURE_WORDS = words(
  [
    "you(?:'ve| have) (?:won|been selected)",
    "(?:claim|receive) your (?:prize|reward|refund|compensation|funds|inheritance|airdrop|tokens)",
    "(?:lottery|jackpot|inheritance|next of kin|beneficiary)",
    "guaranteed (?:returns?|profits?|income)",
    "(?:bitcoin|btc|usdt|crypto(?:currency)?|airdrop|wallet (?:address|seed)|seed phrase)",
    "(?:sie haben|du hast) gewonnen",
    "(?:erstattung|rückerstattung) (?:beantragen|erhalten)",
    "vous avez gagné",
    "remboursement (?:en attente|disponible)",
    "(?:ha|has) ganado",
    "reembolso (?:pendiente|disponible)",
    "(?:você )?ganhou",
    "(?:hai|avete) vinto",
    "(?:je hebt|u heeft) gewonnen",
    "(?:wygrałeś|wygrałaś)",
    "(?:вы выиграли|ваш выигрыш)",
  ],
  ["当選", "還付金", "返金(?:手続き|申請)", "中奖", "당첨"],
);

/** Account nouns: the thing a phisher wants the reader to log into or confirm. */
export const ACCOUNT_NOUNS = words(
  [
    "account",
    "password",
    "passcode",
    "log-?in",
    "sign-?in",
    "credentials",
    "apple id",
    "iban",
    "card details",
    "konto",
    "kennwort",
    "passwort",
    "zugangsdaten",
    "bankverbindung",
    "compte",
    "mot de passe",
    "identifiants",
    "cuenta",
    "contraseña",
    "conta",
    "senha",
    "dados bancários",
    "nif",
    "conto",
    "wachtwoord",
    "hasło",
    "lösenord",
    "учетн\\p{L}*",
    "пароль",
    "профил\\p{L}*",
    "парола",
  ],
  [
    "アカウント",
    "パスワード",
    "ログイン",
    "本人確認",
    "暗証番号",
    "账户",
    "帐户",
    "密码",
    "계정",
    "비밀번호",
  ],
);

/** Verbs that ask the reader to prove, restore or re-enter something. */
export const VERIFY_VERBS = words(
  [
    "verify",
    "confirm",
    "re-?authori[sz]e",
    "re-?activate",
    "unlock",
    "validate",
    "restore",
    "bestätigen",
    "verifizieren",
    "aktualisieren",
    "entsperren",
    "vérifier",
    "confirmer",
    "débloquer",
    "verificar",
    "confirmar",
    "desbloquear",
    "atualizar",
    "actualizar",
    "verifica",
    "conferma",
    "sblocca",
    "bevestigen",
    "verifiëren",
    "potwierdź",
    "zweryfikuj",
    "bekräfta",
    "verifiera",
    "подтверд\\p{L}*",
    "потвърд\\p{L}*",
  ],
  ["確認(?:して|を|が|の)", "認証", "再設定", "验证", "确认", "확인", "인증"],
);

/** A deadline with a consequence: the pressure that keeps the reader from checking. */
export const DEADLINE_THREAT = words(
  [
    "within (?:\\d{1,2}|twenty-four|forty-eight) ?(?:hours|h|days)",
    "(?:before|by) (?:midnight|tonight|the end of (?:the )?day)",
    "otherwise[, ]",
    "or (?:your|it|the) (?:account|package|parcel|card|access|page|file)s? will",
    "(?:permanently|automatically) (?:deleted|disabled|closed|removed|returned|destroyed)",
    "innerhalb (?:von )?\\d{1,2} (?:stunden|tagen)",
    "andernfalls",
    "sous \\d{1,2} ?(?:h|heures|jours)",
    "passé ce délai",
    "faute de",
    "en un plazo de \\d{1,2}",
    "de lo contrario",
    "no prazo de \\d{1,2}",
    "caso contrário",
    "entro \\d{1,2} (?:ore|giorni)",
    "altrimenti",
    "binnen \\d{1,2} (?:uur|dagen)",
    "anders wordt",
    "w ciągu \\d{1,2} (?:godzin|dni)",
    "inom \\d{1,2} (?:timmar|dagar)",
    "в течение \\d{1,2}",
  ],
  ["\\d{1,2}時間以内", "期限(?:内|まで)", "停止させていただきます", "小时内", "시간 ?이내"],
);

/** A small fee to release something (a parcel, a refund, a free pass): the parcel-scam shape. */
export const SMALL_FEE =
  /(?:[$€£]\s?[0-9](?:[.,]\d\d)?(?!\d)|(?<![\d.,])[0-9][.,]\d\d\s?(?:€|eur|usd|\$|£|zł|kr))/u;
export const FEE_WORDS = words(
  [
    "fee",
    "duty",
    "customs",
    "postage",
    "frais",
    "douane",
    "tasas?",
    "aduana",
    // German, Dutch and Swedish build compounds: "Zollgebühr", "invoerkosten", "tullavgift".
    "\\p{L}*(?:gebühr|kosten|avgift)(?:en)?",
    "zoll\\p{L}*",
    "taxa",
    "alfândega",
    "dogana",
    "spese",
    "opłat\\p{L}*",
    "cło",
    "tull\\p{L}*",
    "fianza",
    "deposit",
  ],
  ["手数料", "関税", "送料", "运费", "关税", "수수료"],
);
