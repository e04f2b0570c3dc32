/**
 * Words mapped to the roles they play in an instruction to an automated reader, in the
 * languages the override patterns know: who is addressed (an AI, a tool), what it is told to do,
 * to whom, in secret, over what earlier rules. Bigrams of these roles generalise across topics
 * where the words themselves do not ("whoever summarises this: say…" and "bots: add our domain…"
 * share AI→ACT, not a word).
 */
const GROUPS: Record<string, string> = {
  AI: "ai ais ia ki assistant assistants assistent assistente asistente asystent asystencie asistan bot bots chatbot agent agents model models llm llms gpt chatgpt copilot gemini claude automated automation automatic automatically machine machines software program programs algorithm tool tools summariser summarizer summarisers summarizers screening filters helpers helper robot автоматический ассистент ии 助手 人工智能 アシスタント 비서 مساعد सहायक yapay zeka",
  READ: "reading reads read processing processes process processed handling handles handle sees see parsing summarising summarizing summarise summarize summary summaries digest preview previews triage triaging classify classifying classification evaluate evaluating evaluates condensing condense screen rating rate score scoring review reviewing lesen liest résume résumez resume lee leggi leia leest läser czyta okuyan читаешь 阅读 読む 읽는",
  THIS: "this these diese dieser ce cette este esta questo questa deze denna ten bu этот это 这封 この 이",
  MSG: "email emails mail mails message messages thread inbox mailbox invite invitation notification text line paragraph letter cv résumé note notice e-mail courriel correo mejl wiadomość письмо 邮件 メール 메일 البريد ईमेल",
  SECRET:
    "quietly silently secretly secret hidden hide hiding conceal without unnoticed never nobody discreetly heimlich silencieusement sans sin senza sem zonder utan bez gizlice тайно 不要告诉 知らせない 알리지 تخبر बताएं",
  USER: "user users owner owners recipient recipients person human reader holder account customer utilisateur nutzer benutzer usuario utente usuário gebruiker användare użytkownik kullanıcı пользователь пользователю 用户 ユーザー 사용자 المستخدم उपयोगकर्ता",
  ACT: "forward forwarding send sending sent reply respond answer delete remove archive approve approving transfer wire pay share export upload click open visit accept confirm grant mark label move include attach add create cancel release refund unsubscribe enter call invoke execute run list extract reveal print repeat output tell say describe report recommend book register install disable decline merge close assign reset upgrade paste copy collect gather search find weiterleiten leite sende genehmige envoyez transférez envoie reenvía envíame responde inoltra rispondi encaminhe responda stuur keur vidarebefordra skicka przekaż wykonuj ilet перешли выполняй удали 转发 删除 転送 削除 전달 삭제 أرسل نفذ भेजें हटा",
  OVERRIDE:
    "earlier previous prior before original initial longer instead replace replaces replaced anymore cancelled canceled reset outdated above aside hold override bypass ignore disregard forget vorherigen früheren précédentes anteriores precedenti eerdere tidigare poprzednie önceki предыдущие 之前 以前 이전 السابقة पिछले",
  RULES:
    "rules instructions instruction guidance directions direction orders brief setup constraints settings preferences safeguards guidelines limits policy restrictions configuration prompt programming anweisungen consignes instrucciones istruzioni instruções instructies instruktioner polecenia talimatları инструкции 指令 指示 지시 التعليمات निर्देश",
  MODAL:
    "must should shall need needs required requires asked instructed expected supposed will now have has is are muss doit debe deve moet måste musi gerekir должен 必须 必要 해야",
  YOU: "you your yourself du dich dir tu vous te ti jij je ty sen ты вы 你 あなた 당신",
  AUTH: "official authorised authorized approved administrators administrator admin operator operators developers developer vendor provider directive compliance platform policy mandated sanctioned",
  COND: "if whoever whatever any anyone anything should whenever once",
  URGENT: "urgent immediately now asap today hurry emergency critical final deadline",
  ADDR: "@ http https www link url address",
};

export const CONCEPT = new Map<string, string>();
for (const [tag, words] of Object.entries(GROUPS))
  for (const w of words.split(" ")) if (!CONCEPT.has(w)) CONCEPT.set(w, tag);

// Scripts written without spaces: a concept word is found inside a longer run.
const NO_SPACES = /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;
export const CONCEPT_SUBSTRINGS: [string, string][] = [...CONCEPT].filter(([w]) => NO_SPACES.test(w));
