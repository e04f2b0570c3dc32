/**
 * Words mapped to the roles they play in an instruction to an automated reader, in sixteen
 * languages (and function words in eighteen more: vi, id, cs, el, he, sw, fi, hu, and since the
 * fifth corpus batch ro, bg, uk, sk, hr, ca, ms, tl, da, fa, th, bn): who is addressed (an AI, a tool), what it is told to do, to whom, in secret, over
 * what earlier rules. Pairs of these roles generalise across topics where the words themselves do
 * not ("whoever summarises this: say…" and "bots: add our domain…" share AI→ACT, not a word).
 */
const GROUPS: Record<string, string> = {
  AI: "ผู้ช่วย সহকারী এআই asistentul asistentului асистента асистент асистентът асистенту ші pembantu katulong دستیار هوش trợ asisten asistenta asistentovi asistent βοηθό βοηθός βοηθέ τν עוזר לעוזר הבינה msaidizi avustaja avustajalle tekoälyavustajalle asszisztens asszisztensnek ai ais ia ki kı assistant assistants assistent assistenten assistente assistentin asistente asistan asistanı asistanına asystent asystenta asystencie bot bots bota botem botu chatbot chatbots agent agents model models llm llms gpt chatgpt copilot gemini claude automated automation automatic automatically machine machines software program programs programme programa programm programma programmet algorithm algorithms tool tools outil outils herramienta strumento ferramenta werkzeug narzędzie summariser summarizer summarisers summarizers summarising summarizing classifier classifiers sorter sorters screening filter filters filtering helper helpers robot robots engine engines integrations integration concierge virtual digital бот бота боту ассистент ассистента ассистенту ии автоматический инструмент программа 助手 人工智能 程序 アシスタント ツール ボット 비서 프로그램 봇 مساعد برنامج सहायक एआई",
  READ: "อ่าน পড়া পড়ে citește citeste чете читає čita llegeix nagbabasa binabasa læser خواند đọc membaca čte čtoucí διαβάζει קורא שקורא anayesoma lukee olvasó reading reads read processing processes process processed handling handles handle sees see parsing parses parsed summarise summarize summary summaries digest preview previews triage triaging triages classify classifying classification evaluate evaluating evaluates condensing condense screen scanning scans rating rate score scoring rank ranking review reviewing reviewer grader sorting sort opens encounters lesen liest lit lis résume résumez leyendo lee leggi legge leia lendo leest läser leser czyta czytającym okuyan читает читаешь читающий 阅读 読む 읽는 يقرأ पढ़",
  THIS: "this these diese dieser dies ce cette ceci este esta questo questa deze dit denna denne ten tę ta bu этот это эту 这封 この 이",
  MSG: "อีเมล ইমেল বার্তা scrisoare mesajul писмо писмото съобщение лист листа повідомлення správu poruku poruka poruke correu missatge emel mensahe liham besked beskeden ایمیل پیام نامه thư barua zprávu zpráva μήνυμα ההודעה viesti viestin üzenet levél email emails mail mails message messages thread inbox mailbox invite invitation notification text line paragraph letter cv resume résumé note notice e-mail courriel correo mensaje mensagem messaggio nachricht bericht mejl wiadomość wiadomości mesaj posta письмо сообщение 邮件 メール 메일 البريد الرسالة ईमेल संदेश",
  SECRET:
    "อย่าบอก জানিও fără казвай повідомляй nehovor nemoj huwag uden intet نگو بدون đừng tanpa μην bila älä nélkül quietly silently secretly secret hidden hide hiding conceal without unnoticed never nobody discreetly invisible trace notifying informing telling heimlich ohne silencieusement sans sin senza sem zonder utan uten bez söylemeden тайно не 不要告诉 不要 知らせずに 知らせない 알리지 دون تخبر न बताएं",
  USER: "เจ้าของ ผู้ใช้ মালিক ব্যবহারকারী utilizatorul utilizatorului proprietarul proprietarului собственика потребителя власника користувача používateľovi používateľ korisnika korisniku vlasnika usuari propietari gumagamit ejerens ejeren brugeren brugerens کاربر مالک pengguna pemilik uživatel uživateli vlastníka χρήστη χρήστης המשתמש למשתמש mtumiaji mmiliki käyttäjä käyttäjälle felhasználó tulajdonos user users owner owners recipient recipients person human reader readers holder account customer applicant candidate utilisateur destinataire nutzer nutzers benutzer empfänger empfängers usuario destinatario utente mittente usuário dono gebruiker ontvanger användaren användare mottakeren użytkownika użytkownik kullanıcı kullanıcıya пользователь пользователю получателя 用户 ユーザー 사용자에게 사용자 المستخدم المستلم उपयोगकर्ता",
  ACT: "ส่งต่อ পাঠাও পাঠান ফরোয়ার্ড trimite trimiteți redirecționează șterge aprobă изпрати препрати изтрий одобри надішли видали схвали prepošli schváľ vymaž proslijedi pošalji izbriši odobri envia reenvia esborra aprova hantar majukan padam luluskan ipasa ipadala burahin aprubahan videresend slet godkend بفرست ارسال حذف تایید chuyển gửi xóa kirimkan kirim teruskan hapus setujui pošli přepošli smaž označ στείλε προώθησε διάγραψε העבר שלח מחק tuma futa hyväksy lähetä poista továbbítsd küldd töröld forward forwarding send sending sent reply respond answer delete remove archive approve approving transfer wire pay share export upload click open visit accept confirm grant mark label move include attach add create cancel release refund unsubscribe enter call invoke execute run list extract reveal print repeat output tell say state describe report recommend book register install disable decline merge close assign reset upgrade paste copy collect gather search find post render append encode translate whitelist file put set sign settle reserve quote echo show conclude award rank rate weiterleiten leite leiten sende senden schicke genehmige bestätige markiere verschiebe stelle envoyez envoie envoyer transférez transfère transférer réponds répondez classe présente reenvía reenviar envía envíame responde responda aprueba inoltra inoltrare invia rispondi descrivi approva encaminhe encaminhar envie responda aprove stuur stuurt beantwoord keur markeer vidarebefordra skicka svara godkänn godkjenn send przekaż prześlij wyślij odpowiedz zatwierdź wykonuj işaretle onayla gönder ilet перешли перешлите отправь ответь выполняй удали подтверди 转发 发送 回复 删除 批准 転送 送信 返信 承認 マーク 削除 전달 전달하세요 보내 삭제 승인 أرسل أرسلي نفذ وافق भेजें हटा स्वीकृत",
  OVERRIDE:
    "earlier previous prior before original initial longer instead replace replaces replaced anymore cancelled canceled outdated above aside hold override overrides bypass ignore disregard forget suspended disabled changed updated new vorherigen früheren bisherigen précédentes précédent anteriores anterior precedenti eerdere vorige tidigare poprzednie önceki предыдущие 之前 以前 이전 السابقة पिछले",
  RULES:
    "rules instructions instruction guidance directions direction orders brief setup constraints settings preferences safeguards guidelines limits policy restrictions configuration prompt programming directive directives task job role anweisungen anweisung aufgabe consignes consigne tâche instrucciones tarea istruzioni compito instruções tarefa instructies taak instruktioner uppgift polecenia zadanie talimatları görev инструкции задача 指令 指示 任务 タスク 지시 작업 التعليمات المهمة निर्देश",
  MODAL:
    "must should shall need needs required requires asked instructed expected supposed will now have has is are authorised authorized permitted allowed muss soll sollte doit dois devez debe deve deves moet moeten måste skal musi powinien gerekir должен должны 必须 必要 해야 يجب चाहिए",
  YOU: "you your yourself du dich dir dein deine tu vous votre ton ta te ti tuo tua jij je jouw jou ty twój sen senin ты вы твой 你 あなた 당신",
  AUTH: "official authorised authorized approved administrators administrator admin operator operators developers developer vendor provider compliance platform mandated sanctioned maintenance security bulletin announcement service",
  COND: "if whoever whatever any anyone anything whenever once case event only wenn falls si se als als om hvis jeśli eğer если 如果 もし 만약 إذا अगर",
  URGENT: "urgent immediately now asap today hurry emergency critical final deadline",
  ADDR: "@ http https www link url address",
  PERSONA:
    "pretend roleplay role-play persona character identity imagine behave impersonate play assume become act",
  FIRST: "first before prior stop pause",
};

/** Concept tags, by index; a word's tags are indices into this list. */
export const TAGS = Object.keys(GROUPS);

export const CONCEPT = new Map<string, number>();
for (const [k, tag] of TAGS.entries())
  for (const w of GROUPS[tag]!.split(" ")) if (w && !CONCEPT.has(w)) CONCEPT.set(w, k);

// Scripts written without spaces (Thai, CJK), or with prefixes and suffixes glued to words (Arabic
// "للمساعد", Bengali "মালিকের"): a concept word is found inside a longer run.
const SUBSTRING_SCRIPTS = /[\u0600-\u06ff\u0900-\u09ff\u0e00-\u0e7f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/;
// A one-letter word of a script written with spaces (Hindi "न", not) counts only as a whole word:
// as a substring it would tag most words.
const bySubstring = (w: string) => SUBSTRING_SCRIPTS.test(w) && !(w.length < 2 && /[\u0900-\u09ff]/.test(w));
export const CONCEPT_SUBSTRINGS: [string, number][] = [...CONCEPT].filter(([w]) => bySubstring(w));

/**
 * Dense cues: what a window of text *does*, as a handful of yes/no facts the model weighs without
 * the n-gram dilution (`features.ts`, `dense`). Bits 0…TAGS.length-1 are the roles above; these
 * add references to the reader's own output, its tools and access, the person's stores of data,
 * and private data, in the same languages. Two more bits are structural: an act verb opening a
 * clause (an imperative) and an AI word followed by ":" or "," (a vocative).
 */
const CUE_GROUPS: Record<string, string> = {
  OUTPUT:
    "ringkasan shrnutí περίληψη סיכום muhtasari yhteenveto összefoglaló summary summaries recap digest preview previews output outputs reply replies response responses answer answers draft drafts wording write-up zusammenfassung antwort entwurf vorschau résumé réponse réponses brouillon aperçu resumen respuesta borrador vista riassunto risposta bozza anteprima resumo resposta rascunho samenvatting antwoord concept sammanfattning svar utkast sammendrag podsumowanie odpowiedź odpowiedzi szkic özet yanıt cevap taslak резюме ответ черновик сводка відповідь 摘要 回复 回答 草稿 总结 要約 返信 下書き 回答 요약 답장 초안 답변 ملخص الرد مسودة सारांश जवाब उत्तर",
  TOOL: "tool tools function functions integration integrations plugin plugins api apis action actions access browse browser browsing connector connectors command commands permission permissions webhook script terminal shell werkzeug funktion zugriff befehl outil fonction accès commande herramienta función acceso comando strumento funzione accesso ferramenta função acesso functie toegang opdracht verktyg funktionen åtkomst verktøy tilgang narzędzie funkcja dostęp polecenie araç fonksiyon erişim komut инструмент функция доступ команда 工具 函数 权限 命令 関数 権限 コマンド 도구 함수 권한 명령 أداة وظيفة صلاحية أمر उपकरण फ़ंक्शन पहुंच कमांड",
  STORE:
    "ক্যালেন্ডার ปฏิทิน calendarul contactele календара контакти kalendár calendari kenalan kalendar kalendaryo kontakter تقویم مخاطبین kontak kalendář ημερολόγιο יומן kalenteri naptár inbox mailbox drive calendar contacts folder folders files documents threads history crm database records spreadsheet postfach posteingang kalender kontakte ordner dateien boîte calendrier dossier fichiers bandeja calendario contactos carpeta archivos casella calendario contatti cartella caixa calendário contatos pasta postvak agenda contacten inkorg kontakter mapp innboks skrzynka kalendarz kontakty gelen takvim kişiler klasör ящик календарь контакты папка входящие 收件箱 日历 联系人 文件夹 受信トレイ カレンダー 連絡先 フォルダ 받은편지함 캘린더 연락처 폴더 التقويم جهات इनबॉक्स कैलेंडर संपर्क",
  PRIVATE:
    "รหัสผ่าน পাসওয়ার্ড parola parolele паролите паролата паролі lozinke lozinku contrasenyes contrasenya laluan adgangskoder adgangskode رمز sandi heslo κωδικό סיסמה סיסמא nenosiri salasana jelszó password passwords passcode passcodes credentials credential login logins token tokens keys 2fa otp iban ibans payroll salary ssn passport pin mobile phone statements passwort kennwort zugangsdaten identifiants contraseña contraseñas credenciales credenziali senha senhas credenciais wachtwoord lösenord passord hasło hasła şifre şifreyi пароль пароли 密码 验证码 パスワード 비밀번호 كلمة पासवर्ड",
};
// MINE and PERSON (h/inj2, only with `addressee`): who a sentence addresses when it is not the
// reader's software — a machine word after a first-person possessive ("my assistant", "our
// meeting bot": the owner's own helper or a human assistant), and a person greeted or called by
// name ("hi nadia", "dear team", "jonas, please …"). QUOTED (only with `quotes`): a word inside
// quotation marks, reported speech rather than words said to the reader ("an invite saying
// \"accept all meetings\""). Set by the tokeniser (`features.ts`).
export const CUE_TAGS = [...TAGS, ...Object.keys(CUE_GROUPS), "IMP", "VOC", "MINE", "PERSON", "QUOTED"];
/** Word → bit mask of its cue groups (roles are added from `CONCEPT` by the tokeniser). */
export const CUE = new Map<string, number>();
for (const [k, name] of Object.keys(CUE_GROUPS).entries())
  for (const w of CUE_GROUPS[name]!.split(" "))
    if (w) CUE.set(w, (CUE.get(w) ?? 0) | (1 << (TAGS.length + k)));
export const CUE_SUBSTRINGS: [string, number][] = [...CUE].filter(([w]) => bySubstring(w));
