import type { Preprocessed } from "../preprocess/preprocess.ts";
import { hrefHost, registrable } from "../rules/sender-rules.ts";
import type { RuleContext } from "../rules/types.ts";
import { leadTextLower } from "./signals.ts";

/**
 * What a message asks the reader to do, not what it is about: the moves that scams and phishing
 * make whatever their story (a supplier's new IBAN, "write to me on WhatsApp", a "shared file"
 * that opens somewhere no sharing service lives, a login asked by someone the reader never wrote
 * to, a stranger's "is this Anna?" that goes on to ask for something, paid "tasks", gift cards
 * and their codes, a link host wearing a sharing service's name, a voice message from outside
 * the reader's organisation, a thread answered from a look-alike of the domain it quotes).
 * Signals the stage-1 model weighs, never verdicts: a real supplier changes banks too, and the
 * model sees whether the reader knows them. Which ones it uses is chosen by grouped CV
 * (`choices.json` `stage1.dropped`).
 * Patterns expect lower-cased text; languages: en, de, fr, es, pt, it, nl, pl, sv, ja (and a few
 * zh/ko forms).
 */
export const ASK_FEATURES = [
  { name: "ask_bank_change", words: "says the payment details changed (a new IBAN or bank account)" },
  {
    name: "ask_off_channel",
    words: "asks to continue somewhere else (WhatsApp, Telegram, a private address, reply only to…)",
  },
  {
    name: "share_lure_unknown_host",
    words: "announces a shared file or voice message whose link is not on a known sharing service",
  },
  {
    name: "first_contact_sensitive_ask",
    words: "someone you never wrote to asks you to sign in, confirm a code or pay",
  },
  {
    name: "stranger_opener",
    words: "a stranger's casual opener (is this…? wrong number?) that goes on to ask for something",
  },
  { name: "task_job_offer", words: "offers paid online tasks or a commission job" },
  { name: "ask_gift_card_codes", words: "asks you to buy gift cards and send their codes" },
  {
    name: "share_host_impostor",
    words: "links to a host that wears a sharing service's name in front of another domain",
  },
  {
    name: "voice_lure_outside",
    words: "a voice message from outside your organisation, not from a phone service",
  },
  {
    name: "thread_lookalike_sender",
    words: "replies in a thread from a look-alike of the address it quotes",
  },
  { name: "stranger_greets_other", words: "someone you never wrote to greets another person by name" },
] as const;
export type AskFeature = (typeof ASK_FEATURES)[number]["name"];

const B = "(?:^|[^\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";
const words = (alternatives: string[], cjk: string[] = []) =>
  new RegExp(`${B}(?:${alternatives.join("|")})${E}${cjk.length ? `|${cjk.join("|")}` : ""}`, "u");

/** A change of where money should go. */
const BANK_CHANGE = words(
  [
    "(?:new|updated|changed|different|alternative) (?:bank|banking|remittance|payment|account|receiving) (?:details|information|info|account|instructions)",
    "(?:our|the) (?:bank|banking|account|remittance) (?:details|information) (?:have|has) (?:changed|been updated)",
    "(?:changed|switched|moved) (?:our |my )?(?:bank|banks|banking)",
    "(?:update|amend) (?:our|the) (?:bank|banking|account|payment|remittance) (?:details|information)",
    "new iban",
    "(?:to|into) (?:our|the|my) new (?:bank )?account",
    "auf (?:unser|unsere|das) neue(?:s)? (?:konto|bankkonto)",
    "sur (?:notre|le) nouveau compte",
    "a (?:nuestra|la) nueva cuenta",
    "para a (?:nossa )?nova conta",
    "sul (?:nostro )?nuovo conto",
    "(?:bytt|byter|har bytt) bank",
    "(?:vårt|till vårt|det) nya (?:konto|bankkonto|bankgiro)",
    "neue (?:bankverbindung|kontoverbindung|iban|kontodaten)",
    "(?:bankverbindung|kontoverbindung|kontodaten) (?:hat|haben) sich (?:geändert|ändert)",
    "(?:unsere |die )?(?:bankverbindung|kontoverbindung|kontodaten) geändert",
    "geänderte (?:bankverbindung|kontoverbindung|kontodaten|iban)",
    "(?:nouvel|nouveau|nouvelles?) (?:iban|rib|coordonnées bancaires|compte bancaire)",
    "(?:changement|modification) de (?:nos |vos )?(?:coordonnées bancaires|rib|banque|compte bancaire)",
    "(?:nuevo|nueva|nuevos|nuevas) (?:iban|cuenta bancaria|datos bancarios|número de cuenta)",
    "(?:cambio|cambiado|actualizado) (?:de |nuestros |los |nuestra )?(?:datos bancarios|cuenta bancaria|banco)",
    "(?:novo|nova|novos|novas) (?:iban|nib|conta bancária|dados bancários)",
    "(?:alteração|mudança|alterámos|alteramos|mudámos|mudamos) (?:de |dos |os |a |de )?(?:dados bancários|conta bancária|iban|nib|banco)",
    "(?:nuovo|nuova|nuove|nuovi) (?:iban|conto corrente|coordinate bancarie|conto)",
    "(?:cambio|variazione|modifica) (?:delle |di |del )?(?:coordinate bancarie|iban|conto corrente)",
    "(?:nieuw|nieuwe|gewijzigde) (?:iban|rekeningnummer|bankrekening|bankgegevens)",
    "(?:nowy|nowe|nowego|zmiana) (?:numer(?:u)? )?(?:rachunku|konta|iban|danych bankowych)",
    "(?:nytt|nya|ändrade) (?:kontonummer|bankgiro|bankkonto|iban|bankuppgifter)",
  ],
  ["振込先(?:口座)?(?:の|を)?(?:変更|新しい)", "新しい(?:振込先|口座)", "口座(?:情報)?(?:が|を|の)?変更"],
);

/** Moving the conversation away from the mail (where no filter and no record follow). */
const OFF_CHANNEL = words(
  [
    "(?:on|via|through|over|by|to|at|add me on|message me on|text me on|contact me on|chat on) (?:whatsapp|telegram|signal|viber|wechat|line app)",
    "(?:whatsapp|telegram|signal)(?: me| us)?(?: at| on)? \\+?\\d",
    "(?:my )?(?:whatsapp|telegram) (?:number|contact|id|handle|is)",
    "t\\.me/[\\p{L}\\p{N}_]+",
    "wa\\.me/\\d+",
    "(?:reply|respond|write back|answer) only (?:to|via|at|on|here|by)",
    "(?:do not|don't|please don't|please do not) (?:call|phone|ring) (?:the|our|my|me)",
    "(?:rufen sie|ruf) (?:nicht|bitte nicht) (?:an|bei)",
    "(?:ne (?:pas )?appelez pas|n'appelez pas)",
    "(?:no llame|no llames)",
    "(?:não ligue|não telefone)",
    "(?:non chiamare|non telefonare)",
    "(?:svara|svar) (?:bara|endast|enbart) (?:på|till)",
    "ring inte",
    "(?:my|this) (?:private|personal|direct|other) (?:email|e-mail|address|mail)",
    "do not (?:reply|respond) to (?:this|my work) (?:address|email)",
    "(?:per|über|auf|via) (?:whatsapp|telegram|signal)",
    "(?:meine|an meine) (?:private|persönliche) (?:e-mail|adresse|mail)",
    "(?:antworten|schreiben) sie (?:bitte )?(?:nur|ausschließlich) (?:an|unter|über)",
    "(?:sur|par|via) (?:whatsapp|telegram|signal)",
    "(?:mon|ma) (?:adresse|mail|e-mail|courriel) (?:personnelle|privée)",
    "(?:répondez|répondre|écrivez|écrire)(?:-moi)? uniquement",
    "(?:por|en|a través de|vía|pelo|no|via) (?:whatsapp|telegram|signal)",
    "(?:mi|mis|meu|minha) (?:correo|email|e-mail) (?:personal|privado|pessoal)",
    "(?:responda|responde|conteste|escriba|escríbeme|escribeme|escreva|escreve-me)(?:me)? (?:solo|sólo|somente|apenas|unicamente)",
    "(?:su|tramite) (?:whatsapp|telegram|signal)",
    "(?:mia|mio) (?:email|e-mail|indirizzo) (?:personale|privat[ao])",
    "(?:rispondi|risponda|scrivi|scriva)(?:mi)? (?:solo|solamente|unicamente)",
    "(?:op|via) (?:whatsapp|telegram|signal)",
    "(?:przez|na) (?:whatsapp|whatsappie|telegram|telegramie|signal)",
    "(?:på|via) (?:whatsapp|telegram|signal)",
  ],
  [
    "(?:ライン|line|ワッツアップ|whatsapp|テレグラム|telegram)(?:で|に)(?:連絡|追加|友だち)",
    "個人(?:の)?(?:メール|アドレス)",
    "私人邮箱",
    "加(?:我)?(?:微信|whatsapp|telegram)",
  ],
);

/** A file, folder or voice message "shared with you" (the hijacked-contact and voicemail lures). */
const SHARE_LURE = words(
  [
    "shared (?:a |an |the )?(?:file|document|folder|pdf|spreadsheet|item|link)s?(?: with you)?",
    "(?:has )?shared [\"“'][^\"”']{1,80}[\"”']",
    "(?:view|open|access) (?:the )?shared (?:document|file|folder)s?",
    "(?:view|open) (?:document|file)",
    "(?:secure|encrypted) (?:file|document|message|link)",
    "(?:new |unheard )?voice ?(?:mail|message|memo|note)s?",
    "(?:audio|voice) (?:message|recording) (?:received|waiting|for you)",
    "(?:hat|hat ihnen|hat dir) (?:eine datei|ein dokument|einen ordner|\\p{L}+ )?(?:freigegeben|geteilt)",
    "(?:dateien?|dokumente?|ordner) (?:öffnen|ansehen|anzeigen|herunterladen)",
    "(?:ihnen|dir|euch|für sie|für dich) (?:[\\p{L}]+ )?freigegeben",
    "(?:mit )?(?:ihnen|dir|euch) geteilt",
    "(?:review and sign|review & sign|sign the (?:document|contract|envelope)|ready for (?:your )?signature)",
    "(?:sprachnachricht|sprachmitteilung|voicemail)",
    "(?:a |vous a )?partagé (?:un |le |les |des )?(?:fichier|document|dossier)s?",
    "(?:voir|ouvrir|consulter|télécharger) (?:le |les )?(?:document|fichier|dossier)s?",
    "(?:message vocal|messagerie vocale)",
    "(?:ha |le ha |te ha )?compartid[oa] (?:un |el |los |una )?(?:archivo|documento|carpeta)s?",
    "(?:ver|abrir|descargar) (?:el )?(?:documento|archivo)",
    "(?:te|le|os|les) he compartido",
    "(?:t'he|us he|ha) compartit",
    "veure (?:el )?document",
    "(?:mensaje de voz|nota de voz)",
    "(?:partilhou|compartilhou) (?:um |o |uma )?(?:ficheiro|arquivo|documento|pasta)",
    "(?:ver|abrir|descarregar|baixar) (?:o |a )?(?:documento|ficheiro|arquivo|pasta)",
    "(?:partilhei|compartilhei) (?:contigo|consigo|com você|com voce)",
    "(?:mensagem de voz|correio de voz)",
    "(?:ti |le |ha )?condiviso (?:un |il |una )?(?:file|documento|cartella)",
    "(?:visualizza|apri|scarica) (?:il )?(?:documento|file)",
    "(?:messaggio vocale|segreteria)",
    "(?:heb|heeft|deelde) (?:een |het )?(?:bestand|document|map)(?: met (?:u|je|jou))? gedeeld",
    "(?:udostępni[łl](?:a)?|udostępniono) (?:ci |pani |panu )?(?:plik|dokument|folder)",
    "(?:delade|har delat) (?:en |ett )?(?:fil|dokument|mapp)",
    "(?:röstmeddelande|wiadomość głosowa|poczta głosowa|spraakbericht|voicemail)",
  ],
  [
    "(?:ファイル|ドキュメント|資料)(?:を|が)共有",
    "共有(?:され|し)ました",
    "ボイスメッセージ",
    "留守番電話",
    "共享了(?:文件|文档)",
    "语音留言",
  ],
);

// Where real shares and voice messages live: the services' own domains (registrable form).
const SHARING_HOSTS =
  /^(google\.com|1drv\.ms|sharepoint\.com|live\.com|office\.com|microsoft\.com|onedrive\.com|dropbox\.com|db\.tt|box\.com|wetransfer\.com|we\.tl|icloud\.com|apple\.com|nextcloud\.com|owncloud\.com|swisstransfer\.com|smash\.gg|fromsmash\.com|tresorit\.com|proton\.me|mega\.nz|pcloud\.com|sync\.com|egnyte\.com|sharefile\.com|citrix\.com|docusign\.net|docusign\.com|adobesign\.com|adobe\.com|zoom\.us|webex\.com|teams\.microsoft\.com|slack\.com|notion\.so|figma\.com|canva\.com|quip\.com|atlassian\.net|github\.com|filemail\.com|transfernow\.net|sendanywhere\.com|grosfichiers\.com|ringcentral\.com|vonage\.com|sipgate\.de|sipgate\.com|placetel\.de|easybell\.de|8x8\.com|dialpad\.com|aircall\.io|3cx\.com)$/;
// Universities and public bodies run their own Nextcloud/Seafile: a share link on the sender's
// own organisation is theirs, whatever the service.

/** Sign-in, one-time-code or payment asks (the things a first-contact sender should not ask). */
const SENSITIVE_ASK = words(
  [
    "(?:sign|log) ?in to (?:view|access|open|confirm|verify|continue|download|receive)",
    "(?:enter|confirm|verify|provide|send|share|tell me|give me) (?:your |the )?(?:password|passcode|login|credentials|one[- ]time (?:code|password)|verification code|security code|6-digit code|otp|pin|card (?:number|details)|bank details|banking details|iban|account number)",
    "(?:the |a )?(?:code|otp) (?:we|i) (?:just )?(?:sent|texted)",
    "(?:confirm|verify|update|provide) (?:your |your company's |the )?(?:bank|banking) (?:information|account|details)",
    "(?:log|sign) ?in to (?:the|our|your) (?:[\\p{L}]+ )?portal",
    "(?:sign|log) ?in with your (?:email|e-mail|mail|work|business|microsoft|google|office) (?:account|address|credentials|login)",
    "(?:e-?mail|endereço de email|adresse e-mail|correo) (?:address )?(?:and|und|et|y|e|i|och|en) (?:your |la |a )?(?:password|passwort|kennwort|mot de passe|contraseña|palavra-passe|senha|hasło|lösenord|wachtwoord)",
    "(?:mit|bei) (?:ihrer|deiner) (?:geschäftlichen )?e-mail-adresse (?:an)?melden",
    "(?:melden sie sich|anmelden|einloggen) (?:an|um)",
    "(?:geben sie|bestätigen sie|senden sie)(?: uns)? (?:ihr(?:e|en)? )?(?:passwort|kennwort|code|bestätigungscode|kartendaten|iban|bankdaten)",
    "(?:connectez-vous|identifiez-vous) (?:pour|avec)",
    "(?:saisissez|confirmez|communiquez|envoyez)(?:-nous)? (?:votre |le )?(?:mot de passe|code|identifiant|numéro de carte|rib|iban)",
    "(?:inicie sesión|inicia sesión|acceda|accede) (?:para|con)",
    "(?:introduzca|confirme|envíe|envíenos|facilite) (?:su |el )?(?:contraseña|código|clave|número de tarjeta|iban|datos bancarios)",
    "(?:inicie sessão|faça login|aceda|acesse) (?:para|com)",
    "(?:introduza|confirme|envie|indique)(?:-nos)? (?:a sua |o seu |o |a )?(?:palavra-passe|senha|código|número do cartão|iban|nib|dados bancários)",
    "(?:accedi|acceda) (?:per|con)",
    "(?:inserisci|conferma|invia|comunica)(?:ci)? (?:la tua |il tuo |il |la )?(?:password|codice|numero della carta|iban|coordinate bancarie)",
    "(?:log in|meld je aan|meld u aan) (?:om|met)",
    "(?:zaloguj się|zaloguj sie) (?:aby|przez)",
    "(?:logga in) (?:för att|med)",
  ],
  [
    "ログインして",
    "認証コード(?:を|の)",
    "暗証番号",
    "パスワードを(?:入力|確認)",
    "カード(?:番号|情報)を",
    "口座(?:番号|情報)を(?:入力|教え|ご登録)",
  ],
);

/** A stranger's casual opener (pig-butchering and "wrong number" starts). */
const STRANGER_OPENER = words(
  [
    "(?:is this|is that|am i (?:speaking|talking|writing) (?:to|with)) (?:[\\p{L}.]+ ){0,2}[\\p{L}]+\\?",
    "(?:if )?i (?:have|got|wrote to) the wrong (?:person|number|address|email)",
    "(?:sorry|apologies),? (?:i think )?(?:wrong number|wrong (?:person|address|email)|i (?:must have|think i) (?:got|have) the wrong)",
    "(?:i )?(?:must have|think i|seem to have) (?:typed|written|sent|got|used) (?:this to )?the wrong (?:address|number|person|email|e-mail)",
    "(?:do you|don't you) remember me\\?",
    "(?:are you|r u) (?:free|there|around|available)(?: today| now| this week)?\\?",
    "long time no (?:see|talk|chat)",
    "(?:estás|está usted|está) (?:disponible|libre|en el despacho|en la oficina|disponível|livre|no escritório)\\?",
    "(?:bist du|sind sie) (?:da|erreichbar|verfügbar|im büro)\\?",
    "(?:es-tu|êtes-vous) (?:disponible|au bureau|là)\\?",
    "(?:sei|è) (?:disponibile|in ufficio|libera?)\\?",
    "(?:hi|hello),? (?:how are you|how have you been)\\? (?:it's|this is) [\\p{L}]+",
    "(?:sind sie|bist du) (?:es|das),? [\\p{L}]+\\?",
    "(?:entschuldigung|sorry),? (?:falsche nummer|falsche adresse|verwählt|ich habe mich (?:wohl )?vertan)",
    "(?:c'est bien|est-ce bien|c'est) [\\p{L}]+\\?",
    "(?:désolée?|pardon),? (?:mauvais numéro|je me suis trompée? de (?:numéro|personne|adresse))",
    "(?:eres|es usted|es) [\\p{L}]+\\?",
    "(?:perdón|perdona|disculpe|lo siento),? (?:número equivocado|me equivoqué|creo que me he equivocado)",
    "(?:é a|és a|é o|és o|fala a|fala o) [\\p{L}]+\\?",
    "(?:desculpe|desculpa),? (?:número errado|enganei-me|me enganei)",
    "(?:sei|è) (?:tu |lei )?[\\p{L}]+\\?",
    "(?:scusa|scusi|mi scusi),? (?:numero sbagliato|ho sbagliato)",
    "(?:ben jij|bent u) [\\p{L}]+\\?",
    "(?:czy to|czy rozmawiam z) [\\p{L}]+\\?",
    "(?:är det|är detta) [\\p{L}]+\\?",
  ],
  [
    "(?:さん|様)(?:ですか|でしょうか)[？?]",
    "間違え(?:て|まし)",
    "お久しぶり(?:です)?[！!。]",
    "你是.{1,6}吗",
  ],
);

/**
 * Talk of investing, trading or crypto profits: where the wrong-number and "long time no see"
 * conversations lead (pig butchering). Read only after a stranger's opener.
 */
const INVESTMENT_TALK = words(
  [
    "invest(?:ing|ment|ments|or|ors)?",
    "crypto(?:currency|currencies)?",
    "bitcoin|btc|usdt|ethereum|forex",
    "(?:gold|crypto|stock|currency) (?:trading|trader|market)",
    "(?:trading|trade) (?:gold|crypto|stocks|currencies|platform|app)",
    "(?:passive|extra) income",
    "(?:made|earned|profit of|returns? of) (?:over |about |almost )?\\d+ ?%",
    "(?:investieren|investiert|investition(?:en)?|geldanlage|krypto(?:währung(?:en)?)?|rendite|goldhandel|devisenhandel)",
    "(?:investir|investissements?|cryptomonnaies?|crypto-monnaies?|rendement|placements?)",
    "(?:invertir|inversi[oó]n|inversiones|criptomonedas?|rentabilidad|comercio de oro)",
    "(?:investir|investimentos?|criptomoedas?|rendimentos?|comércio de ouro)",
    "(?:investire|investimenti|investimento|criptovalut[ae]|rendimenti|trading di oro)",
    "(?:beleggen|investeren|beleggingen|rendement)",
    "(?:inwestycj[aei]|inwestować|inwestuję|kryptowalut[ay]?)",
    "(?:investera|investeringar?|krypto)",
  ],
  ["投資", "仮想通貨", "暗号資産", "資産運用", "投资", "加密货币", "理财"],
);

/**
 * A stranger's casual opener that goes on to ask for something: a link, another channel, a
 * login, code or payment, paid tasks, or talk of investing. A bare "are you there?" or "is this
 * Anna?" is how a real new contact writes too (the mail the Screener holds), so it alone is not
 * a signal; the wrong-number scam shows itself by what it asks next.
 */
function strangerOpenerWithAsk(text: string, v: Record<AskFeature, number>, linked: boolean): number {
  if (!STRANGER_OPENER.test(text.slice(0, 600))) return 0;
  const asks =
    linked ||
    v.ask_off_channel > 0 ||
    v.first_contact_sensitive_ask > 0 ||
    v.task_job_offer > 0 ||
    INVESTMENT_TALK.test(text);
  return asks ? 1 : 0;
}

/** Paid "tasks", likes, reviews or product boosting for a commission (the task scam). */
const TASK_JOB = words(
  [
    "(?:earn|make|get paid|salary of|income of|daily (?:pay|income|salary)) (?:up to )?(?:[$€£]\\s?\\d|\\d+ ?(?:usd|eur|gbp|dollars|euros?))[\\p{L}\\p{N},. ]{0,20}(?:per|a|each) (?:day|hour|task)",
    "(?:simple|easy) (?:online )?tasks?",
    "(?:part[- ]time|remote|flexible|home[- ]based) (?:job|position|opportunity|work)",
    "(?:work|working) from (?:home|your phone)",
    "commission (?:per|on each|for each|for every) (?:task|order|review|product)",
    "(?:rate|like|review|boost|optimi[sz]e) (?:products|apps|videos|hotels|orders)",
    "(?:täglich|pro tag|am tag) (?:bis zu )?\\d+",
    "(?:earn|erhalten(?: sie)?|verdienen(?: sie)?|gagnez|gane|ganhe|guadagna|guadagni|verdien|zarabiaj|tjäna) (?:bis zu |up to |jusqu'à |hasta |até |fino a |tot |do |upp till )?(?:[$€£]\\s?)?\\d[\\d.,]*\\s?(?:€|eur|euro|\\$|usd|£|zł|kr)?(?: (?:im|am|per|pro|a|al|par|por|ao|w|i) (?:monat|woche|tag|month|week|day|mois|semaine|jour|mes|semana|día|dia|mês|mese|settimana|giorno|maand|week|dag|miesiąc|tydzień|dzień|månad|vecka))",
    "(?:product|app|hotel) ?tester(?:in)?",
    "produkttester(?:in)?",
    "mystery shopper",
    "(?:einfache|leichte) (?:online-)?aufgaben",
    "(?:nebenjob|heimarbeit|teilzeitjob) (?:von zu hause|im homeoffice|online)",
    "(?:tätigkeit|arbeit|job|nebenjob|nebenverdienst) von zu hause",
    "(?:tâches|missions) (?:simples|en ligne|quotidiennes)",
    "(?:travail|emploi) (?:à domicile|à temps partiel|en ligne)",
    "(?:tareas|misiones) (?:sencillas|simples|en línea|diarias|online)",
    "(?:trabajo|empleo) (?:desde casa|a tiempo parcial|online)",
    "(?:tarefas|missões) (?:simples|online|diárias)",
    "(?:trabalho|emprego) (?:a partir de casa|em casa|part-time|a tempo parcial|online)",
    "(?:compiti|attività|incarichi) (?:semplici|online|giornalier[ie])",
    "(?:lavoro|impiego) (?:da casa|part-time|online)",
    "(?:eenvoudige|simpele) (?:online )?(?:taken|opdrachten)",
    "(?:proste|łatwe) (?:zadania|zlecenia)",
    "(?:enkla) (?:uppgifter|jobb)",
    "(?:praca|pracy) (?:zdalna|zdalnej|w domu|dodatkowa)",
    "(?:per|pro|par|por|per ogni|za) (?:task|aufgabe|tâche|tarea|tarefa|compito|zadanie|uppgift)",
  ],
  ["(?:日給|日当|報酬)\\s?[0-9０-９,]+円", "(?:簡単な|スマホで)(?:作業|タスク|副業)", "在家兼职", "刷单"],
);

/** Gift cards by name (the CEO-fraud and "quick favour" ask). */
const GIFT_CARDS = words(
  [
    "gift ?cards?",
    "(?:geschenk|gutschein|guthaben|itunes|apple|google-play|amazon|steam)-?karten?",
    "cartes?[- ]cadeaux?",
    "tarjetas? (?:de )?regalo",
    "cart(?:ão|ões)[- ](?:presente|oferta|de oferta)|vales?[- ]presente",
    "carte? regalo",
    "cadeau(?:kaart|kaarten|bon|bonnen)",
    "kart[ay] podarunkow[ae]",
    "presentkort",
  ],
  ["ギフトカード", "ギフト券", "礼品卡"],
);
/** Asking for the cards' codes: scratch them, photograph them, send them. */
const CARD_CODES = words(
  [
    "(?:send|email|e-mail|text|share|forward) (?:me |us )?(?:the |their |all the )?(?:codes?|pins?|pictures? of|photos? of)",
    "(?:pictures?|photos?|images?|snaps?) of (?:the |their )?(?:codes?|backs?|cards?)",
    "scratch (?:off|the back|them)",
    "(?:codes?|fotos?|bilder?) (?:der karten |von den karten )?(?:schicken|senden|zusenden|per mail|per e-mail)",
    "(?:fotos?|bilder?) (?:der|von den) (?:codes|rückseiten?|karten)",
    "(?:frei)?rubbeln",
    "(?:envoyez|envoie|envoyer|transmettez)(?:-moi)? (?:les |leurs )?codes",
    "(?:photos?) (?:des|de leurs) codes",
    "grattez",
    "(?:envíame|envíeme|mándame|enviar|envía|envíe)(?:me)? (?:los )?códigos",
    "(?:fotos?) de los códigos",
    "(?:rasca|rasque|raspa|raspe)",
    "(?:envie|envia|mande|manda)(?:-me)? (?:os )?códigos",
    "(?:fotos?) dos códigos",
    "(?:inviami|mandami|invia|manda|inviare|mandare) (?:i )?codici",
    "(?:foto|fotografie) dei codici",
    "gratta",
    "(?:stuur|mail) (?:me )?(?:de )?codes",
    "(?:foto|foto's) van de codes",
    "(?:wyślij|prześlij)(?: mi)? kody",
    "(?:skicka|maila)(?: mig)? koderna",
  ],
  ["コード(?:を|の)(?:送|写真|教え)", "裏面を(?:削|こす)"],
);

/** Gift cards plus an ask for their codes: a colleague collecting for a farewell present asks neither. */
function giftCardCodes(text: string): number {
  if (!GIFT_STEMS.test(text)) return 0;
  return GIFT_CARDS.test(text) && CARD_CODES.test(text) ? 1 : 0;
}
// A cheap first look (no Unicode classes) before the full patterns: most mail names no gift card.
const GIFT_STEMS = /gift|karte|cadeau|regalo|presente|oferta|podarunk|presentkort|ギフト|礼品/;

// A sharing or phone service's own name as a label run in front of another registrable domain
// ("ferrow-my.sharepoint.com.files-view.top", "dropbox.com-share.example").
const SERVICE_NAME_IN_HOST =
  /(?:^|[.-])(?:sharepoint|onedrive|dropbox|docusign|wetransfer|icloud|office365|microsoftonline|googledrive|docs\.google|drive\.google)(?:\.com|\.net)?[.-]/;

const SERVICE_NAMES =
  /sharepoint|onedrive|dropbox|docusign|wetransfer|icloud|office365|microsoftonline|googledrive|docs\.google|drive\.google/;

/** Whether any link's host wears a service's name while belonging to some other domain. */
function shareHostImpostor(hrefs: readonly string[]): number {
  for (const h of hrefs.slice(0, 100)) {
    // The cheap look first: most links name no sharing service at all.
    if (!SERVICE_NAMES.test(h.toLowerCase())) continue;
    const host = hrefHost(h);
    if (!host) continue;
    const org = registrable(host);
    if (SHARING_HOSTS.test(org)) continue;
    const sub = host.slice(0, Math.max(0, host.length - org.length));
    if (SERVICE_NAME_IN_HOST.test(`.${sub}`)) return 1;
  }
  return 0;
}

/** Voice messages, in the share lure's languages. */
const VOICE_LURE = words(
  [
    "(?:new |unheard )?voice ?(?:mail|message|memo|note)s?",
    "(?:audio|voice) (?:message|recording)",
    "(?:sprachnachricht|sprachmitteilung|voicemail|anrufbeantworter)",
    "(?:message vocal|messagerie vocale)",
    "(?:mensaje de voz|nota de voz|buzón de voz)",
    "(?:mensagem de voz|correio de voz)",
    "(?:messaggio vocale|segreteria telefonica)",
    "(?:spraakbericht|voicemailbericht)",
    "(?:wiadomość głosowa|poczta głosowa)",
    "röstmeddelande",
  ],
  ["ボイスメッセージ", "留守番電話", "语音留言"],
);

/**
 * A voice message announced by a sender outside the reader's own organisation that is not a
 * phone or sharing service: the company's own phone system writes from the company's domain,
 * RingCentral or Zoom from theirs. Needs the reader's addresses; unknown reader, no signal.
 */
function voiceLureOutside(text: string, senderOrg: string, readerOrgs: readonly string[]): number {
  if (senderOrg === "" || readerOrgs.length === 0) return 0;
  if (readerOrgs.includes(senderOrg) || SHARING_HOSTS.test(senderOrg)) return 0;
  return VOICE_STEMS.test(text) && VOICE_LURE.test(text) ? 1 : 0;
}
// A cheap first look before the full pattern.
const VOICE_STEMS =
  /voice|sprach|voicemail|anrufbeantworter|vocal|voz|segreteria|spraak|głosow|röst|ボイス|留守番|语音/;

/** Edit distance of two short strings, or `cap + 1` once it is over `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(d);
      if (d < best) best = d;
    }
    if (best > cap) return cap + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * A reply whose quoted history holds an address at a near look-alike of the sender's domain
 * ("brightwave-supp1y.com" answering a thread with "brightwave-supply.com"): the thread was
 * taken over from a domain one or two letters away. The same name under another ending is the
 * same organisation, not a look-alike.
 */
function threadLookalikeSender(quoted: string, senderOrg: string): number {
  if (senderOrg === "" || quoted === "") return 0;
  const label = senderOrg.split(".")[0]!;
  if (label.length < 5) return 0;
  for (const m of quoted.slice(0, 20_000).matchAll(/[a-z0-9._%+-]+@([a-z0-9.-]+\.[a-z]{2,})/gi)) {
    const org = registrable(m[1]!.toLowerCase());
    const other = org.split(".")[0]!;
    if (org === senderOrg || other === label) continue;
    const d = editDistance(label, other, 2);
    if (d >= 1 && d <= 2) return 1;
  }
  return 0;
}

// A greeting and/or "is this …?" at the start of the mail, read lower-cased (the name after it is
// read as written, capitalised), honorifics skipped.
const GREETING =
  /^\s*(?:(hi|hello|hey|dear|hallo|hoi|liebe|lieber|guten tag|coucou|bonjour|bonsoir|salut|hola|buenas|buenos días|bom dia|boa tarde|boa noite|buongiorno|buonasera|goedemiddag|dzień dobry|god morgon|querida|querido|olá|ola|oi|ciao|cara|caro|hej|beste|cześć|witaj)[,!]?[ \t]+)?(?:(is this|is that|is it|am i speaking to|c'est bien|c'est|est-ce bien|sei tu|è|eres tú|eres|es usted|é a|é o|és a|és o|bist du|sind sie|ben jij|bent u|czy to|är det)[ \t]+)?(?:(?:frau|herr|mr|mrs|ms|miss|dr|señor|señora|sr|sra|monsieur|madame|mme|signor|signora|sig|pan|pani|senhor|senhora)\.?[ \t]+){0,2}/;

// Greetings to a role or a group, not a person.
const NOT_A_NAME = new Set(
  "team all everyone everybody customer customers client clients sir madam member members user users friend friends there folks valued colleague colleagues guest guests guys neighbour neighbor partner partners reader readers subscriber zusammen colega collega kollege kollegin nachbarn vizinhos vecinos vicini buren grannar associado sócio socio membro kunde kundin kunden kollegen kolleginnen nutzer mitglied cliente clientes client utente utenti klant klanten collègues colleghi colegas equipo équipe todos tutti tous alle allemaal wszyscy kära hola".split(
    " ",
  ),
);

/**
 * Someone the reader never wrote to greets another person by name ("Hi Jessica!" to Lucas):
 * the wrong-number opener. The reader's names are read from the To display names and the
 * local parts of their addresses; a name that starts either of them (Kate, Katherine) is theirs.
 */
function strangerGreetsOther(p: Preprocessed, readerAddresses: readonly string[]): number {
  const head = p.body.slice(0, 300);
  const g = GREETING.exec(head.toLowerCase());
  if (!g || (g[1] === undefined && g[2] === undefined)) return 0;
  const name = /^(\p{Lu}\p{Ll}{2,})(?![\p{L}])/u.exec(head.slice(g[0].length));
  if (!name) return 0;
  const greeted = name[1]!.toLowerCase();
  if (NOT_A_NAME.has(greeted)) return 0;
  const toHeader = (p.headers.get("to") ?? "").toLowerCase();
  const names = new Set(
    [toHeader, ...readerAddresses.map((a) => a.split("@")[0]!)]
      .join(" ")
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length >= 3),
  );
  for (const n of names) if (n.startsWith(greeted) || greeted.startsWith(n)) return 0;
  // "Hallo Detlef, hallo Maya": the reader is greeted too.
  const firstLine = head.slice(0, head.indexOf("\n") === -1 ? head.length : head.indexOf("\n")).toLowerCase();
  if (firstLine.split(/[^\p{L}]+/u).some((w) => w.length >= 3 && names.has(w))) return 0;
  return names.size > 0 ? 1 : 0;
}

/**
 * The ask features as values in {0, 1} (never message content). `first_contact_sensitive_ask`
 * and `stranger_opener` speak only where the reader's relationship with the sender is known
 * (`rules.knownSenders`, as `first_contact` reads it); unknown is never "stranger".
 */
export function askSignals(p: Preprocessed, rules?: RuleContext, lower?: string): Record<AskFeature, number> {
  const v: Record<AskFeature, number> = {
    ask_bank_change: 0,
    ask_off_channel: 0,
    share_lure_unknown_host: 0,
    first_contact_sensitive_ask: 0,
    stranger_opener: 0,
    task_job_offer: 0,
    ask_gift_card_codes: 0,
    share_host_impostor: 0,
    voice_lure_outside: 0,
    thread_lookalike_sender: 0,
    stranger_greets_other: 0,
  };
  if (p.kind !== "email") return v;
  // One space for every run of white space: hard-wrapped plain text breaks phrases across lines.
  const text = (lower ?? leadTextLower(p)).replace(/\s+/g, " ");
  if (BANK_CHANGE.test(text)) v.ask_bank_change = 1;
  if (OFF_CHANNEL.test(text)) v.ask_off_channel = 1;
  if (TASK_JOB.test(text)) v.task_job_offer = 1;
  // The cheap conditions first: the wording is read only where it could count.
  const org = p.from.domain ? registrable(p.from.domain) : "";
  const hrefs = p.links.length + p.anchors.length > 0 ? [...p.links, ...p.anchors.map((a) => a.href)] : [];
  if (
    hrefs.slice(0, 100).some((h) => isForeignShareHost(registrable(hrefHost(h)), org)) &&
    SHARE_LURE.test(text)
  )
    v.share_lure_unknown_host = 1;
  v.ask_gift_card_codes = giftCardCodes(text);
  if (hrefs.length > 0) v.share_host_impostor = shareHostImpostor(hrefs);
  const readerOrgs = (rules?.reader?.addresses ?? []).flatMap((a) => {
    const d = a.split("@")[1];
    return d ? [registrable(d)] : [];
  });
  v.voice_lure_outside = voiceLureOutside(text, org, readerOrgs);
  v.thread_lookalike_sender = threadLookalikeSender(p.quoted, org);
  const known = rules?.knownSenders;
  const stranger = known !== undefined && p.from.address !== "" && !known.has(p.from.address.toLowerCase());
  if (!stranger) return v;
  if (v.ask_bank_change || SENSITIVE_ASK.test(text)) v.first_contact_sensitive_ask = 1;
  v.stranger_opener = strangerOpenerWithAsk(text, v, hrefs.length > 0);
  v.stranger_greets_other = strangerGreetsOther(p, rules?.reader?.addresses ?? []);
  return v;
}

/**
 * A link target that is neither a known sharing service nor the sender's own organisation (the
 * same name under another ending counts as its own: sipgate.de linking to sipgate.com).
 */
function isForeignShareHost(host: string, senderOrg: string): boolean {
  if (host === "" || host === senderOrg || SHARING_HOSTS.test(host)) return false;
  const label = (d: string) => d.split(".")[0] ?? "";
  return senderOrg === "" || label(host) !== label(senderOrg);
}
