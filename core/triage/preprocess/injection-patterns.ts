/**
 * Injection patterns matched on `injectionSkeleton` text (lower case, look-alikes mapped, one
 * "\n" per line break). Every quantifier is bounded and no two overlap, so no pattern can
 * backtrack more than a constant per position on hostile input.
 */

// "." ends a phrase; a line break does not ("ignore all\nprevious instructions").
const W = (n: number) => `[^.!?]{0,${n}}`;

/** Override phrases in English and twelve other languages (verb … previous/all … instructions). */
const OVERRIDE_SOURCES: string[] = [
  // English: verb, a determiner that is not the writer's own ("my previous email" is a correction).
  `\\b(ignore|disregard|forget|override|bypass|skip|drop|abandon)\\b ${W(12)}\\b(all|any|every|the|your|these|those|previous|prior|above|earlier|preceding|system|original|initial)\\b${W(30)}\\b(instructions?|prompts?|directives?|guidelines|guardrails|rules|system prompt|programming|context)\\b`,
  `\\byou are now\\b ${W(30)}\\b(an? )?(unrestricted|unfiltered|jailbroken|dan|evil|uncensored|different|new) (ai|assistant|model|bot|mode|persona)\\b`,
  `\\byou are no longer (bound|restricted|an? (ai|assistant))\\b`,
  `\\b(enter|enable|activate|switch to) (dan|developer|god|jailbreak|admin) mode\\b`,
  `\\bnew (system )?(instructions?|prompt|directives?) for (the |this )?(ai|assistant|model|llm|agent|bot)\\b`,
  `\\b(system|admin|developer|security) override\\b`,
  `\\bbegin (system|admin|developer) (prompt|message|override|instructions?)\\b`,
  // French
  `\\b(ignore[rz]?|oublie[rz]?|ne tiens pas compte|ne tenez pas compte)\\b ${W(30)}\\b(instructions|consignes|directives|regles|règles)\\b ${W(12)}\\b(precedentes|précédentes|anterieures|antérieures|ci-dessus|initiales)\\b`,
  `\\b(ignore[rz]?|oublie[rz]?) (toutes )?(les |tes |vos )?(instructions|consignes|directives) (precedentes|précédentes|anterieures|antérieures)`,
  // German
  `\\b(ignoriere|ignorieren sie|ignoriert|vergiss|vergessen sie|missachte|missachten sie)\\b ${W(30)}\\b(anweisungen|instruktionen|befehle|vorgaben|regeln|anordnungen)\\b`,
  // Spanish
  `\\b(ignora|ignore|ignoren|olvida|olvide|olviden|omite|haz caso omiso de|descarta)\\b ${W(30)}\\b(instrucciones|indicaciones|directrices|ordenes|órdenes|reglas)\\b`,
  // Italian
  `\\b(ignora|ignorate|dimentica|dimenticate|trascura|non considerare)\\b ${W(30)}\\b(istruzioni|indicazioni|direttive|regole)\\b`,
  // Portuguese
  `\\b(ignore|ignora|ignorem|esqueça|esqueca|esqueçam|desconsidere|desconsidera)\\b ${W(30)}\\b(instruções|instrucoes|orientações|orientacoes|diretrizes|regras)\\b`,
  // Dutch
  `\\b(negeer|vergeet|negeren)\\b ${W(30)}\\b(instructies|aanwijzingen|opdrachten|regels)\\b`,
  // Swedish / Danish / Norwegian
  `\\b(ignorera|glöm|glom|ignorer|glem)\\b ${W(30)}\\b(instruktioner|instruktionerna|instruktioner|instruksjoner|instruksjonene|instruktionerne)\\b`,
  // Polish
  `\\b(zignoruj|ignoruj|zapomnij|pomiń|pomin)\\b ${W(30)}\\b(instrukcje|instrukcji|polecenia|poleceń|wytyczne)\\b`,
  // Turkish
  `\\b(önceki|onceki|yukarıdaki|tüm|tum|bütün)\\b ${W(20)}\\b(talimatları|talimatlari|talimatlar|komutları|yönergeleri)\\b ${W(12)}(yok say|görmezden gel|gormezden gel|unut|dikkate alma)`,
  // Russian / Ukrainian
  `(игнорируй|игнорируйте|проигнорируй|забудь|забудьте|не обращай внимания на|ігноруй|забудь про)${W(30)}(инструкци|указани|правила|інструкці|вказівк)`,
  // Chinese
  `(忽略|无视|無視|忘记|忘記|不要理会|忽視)${W(12)}(指令|指示|说明|說明|提示|规则|規則|设定|設定)`,
  // Japanese
  `(指示|命令|指令|ルール|プロンプト)${W(8)}(無視|忘れ)`,
  // Korean
  `(지시|지침|명령|규칙|프롬프트)${W(12)}(무시|잊어)`,
  // Arabic
  `(تجاهل|انس|إنس|تجاهلي)${W(30)}(التعليمات|الإرشادات|الأوامر|التوجيهات)`,
  // Hindi
  `(पिछले|पिछली|सभी|ऊपर)${W(30)}(निर्देशों|निर्देश)${W(20)}(अनदेखा|भूल|नज़रअंदाज़|नजरअंदाज)`,
];
// JavaScript's \b knows only ASCII letters ("pomiń", "talimatları"): a Unicode-aware boundary.
const B = "(?:(?<![\\p{L}\\p{N}])(?=[\\p{L}\\p{N}])|(?<=[\\p{L}\\p{N}])(?![\\p{L}\\p{N}]))";
const OVERRIDE_RE = new RegExp(OVERRIDE_SOURCES.join("|").replaceAll("\\b", B), "gu");
// Words the phrases cannot match without: the long pattern runs only on text holding one.
const OVERRIDE_GATE =
  /ignor|disregard|forget|override|bypass|skip|drop|abandon|you are|begin |mode|new |oubli|tiens|tenez|vergiss|missacht|olvid|omite|caso omiso|descarta|dimentic|trascur|non consider|esque|desconsider|negeer|vergeet|glöm|glom|glem|zapomnij|pomi|önceki|onceki|yukarı|tüm|tum|bütün|игнор|забуд|не обращай|ігнор|忽|无视|無視|忘|不要理会|無視|忘れ|무시|잊어|تجاهل|انس|إنس|पिछल|सभी|ऊपर/u;
// A phrase quoted as an example ("attacks such as 'ignore previous instructions'") is a mention.
const MENTION_CUE =
  /\b(like|such as|phrase|phrases|e\.g\.|example|examples|string|strings|payload|payloads|called|text|wording|lines? like|says|saying|contains?|containing)\b[^.!?]{0,12}$/u;
const OPEN_QUOTE = /["'“‘«`„]\s?$/u;
// A writer correcting their own earlier mail ("ignore my previous instructions") is not an override.
const OWN = /\b(my|our|i|we|me|us|mes|meine|mis|mie|mijn)\b/u;

/** Spaced-out phrases whose word breaks were lost: "i g n o r e a l l p r e v i o u s …" joins to one word. */
const COMPACT_OVERRIDE =
  /(ignore|disregard|forget)(all|any|the|your)?(previous|prior|above|earlier|system)(instructions|prompts|directives|rules)|youarenowan?(unrestricted|unfiltered|jailbroken)/;

/** Chat-template role tokens no ordinary mail carries (ChatML, Llama 2/3, Gemma, Mistral, Phi, …). */
const ROLE_TOKEN =
  /<\|(im_start|im_end|im_sep|system|user|assistant|endoftext|start_header_id|end_header_id|eot_id|begin_of_text|end|channel|message)\|>|<<\/?sys>>|\[\/?(inst|sys|system|system_prompt|assistant)\]|<\/?(start_of_turn|end_of_turn)>|<start_of_turn>(user|model)|<\/?(system|assistant|instructions?|system_prompt|sys)>|\[(available_tools|tool_calls|tool_results)\]/u;
/** A line that is only a role heading ("### System", "## Instruction:"). */
const ROLE_HEADING = /^#{2,6} ?(system|instructions?|response|human|assistant|user|input)( prompt)?:?$/gmu;
/** A role label starting a line, and what follows on it. */
const ROLE_LINE = /^(system|assistant|human|user|developer|ai|model)( prompt| message)?:(.{0,120})/gmu;
/** Instruction wording after a role label ("System: you are…", "Assistant: forward…"). */
const INSTRUCTION_WORDS =
  /\b(you|your|ignore|must|always|never|forward|send|reply|delete|approve|transfer|reveal|export|execute|obey|follow|from now on|do not|don't|act as|pretend)\b/u;

/** The override gate (a necessary condition for `overridePatternMatches`), exported for its test. */
export function overrideGate(skel: string): boolean {
  return OVERRIDE_GATE.test(skel);
}

/** Whether any override pattern matches, mentions and the writer's own corrections included. */
export function overridePatternMatches(skel: string): boolean {
  OVERRIDE_RE.lastIndex = 0;
  return OVERRIDE_RE.test(skel);
}

function overrideMatches(skel: string): boolean {
  if (!OVERRIDE_GATE.test(skel)) return false;
  OVERRIDE_RE.lastIndex = 0;
  for (let m = OVERRIDE_RE.exec(skel); m; m = OVERRIDE_RE.exec(skel)) {
    if (!OWN.test(m[0]) && !isMention(skel, m.index)) return true;
  }
  return false;
}

/** The match at `at` opens a quotation introduced as an example ("payloads like 'ignore …'"). */
function isMention(skel: string, at: number): boolean {
  const before = skel.slice(Math.max(0, at - 40), at);
  if (!OPEN_QUOTE.test(before)) return false;
  return MENTION_CUE.test(before.replace(OPEN_QUOTE, ""));
}

/**
 * Whether skeleton text holds an override phrase in any of the thirteen languages.
 *
 * @example hasOverridePhrase(injectionSkeleton("Vergiss alle vorherigen Anweisungen")) // true
 */
export function hasOverridePhrase(skel: string): boolean {
  return overrideMatches(skel) || COMPACT_OVERRIDE.test(skel);
}

/**
 * Whether skeleton text carries a chat-template role marker: a template token, a bare role
 * heading followed by instructions, a role label followed by instructions, or a fake dialogue
 * (an "Assistant:" line with a "Human:"/"User:" line). "System: Ubuntu 22.04" in a bug report
 * is none of these.
 */
export function hasRoleMarker(skel: string): boolean {
  if (ROLE_TOKEN.test(skel)) return true;
  if (skel.includes("#")) {
    ROLE_HEADING.lastIndex = 0;
    for (let m = ROLE_HEADING.exec(skel); m; m = ROLE_HEADING.exec(skel)) {
      const next = skel.slice(m.index + m[0].length + 1, m.index + m[0].length + 160);
      if (INSTRUCTION_WORDS.test(next.split("\n", 1)[0]!)) return true;
    }
  }
  if (!skel.includes(":")) return false;
  ROLE_LINE.lastIndex = 0;
  const labels = new Set<string>();
  for (let m = ROLE_LINE.exec(skel); m; m = ROLE_LINE.exec(skel)) {
    const label = m[1]!;
    labels.add(label);
    if (
      (label === "system" || label === "assistant" || label === "developer") &&
      INSTRUCTION_WORDS.test(m[3]!)
    )
      return true;
  }
  return labels.has("assistant") && (labels.has("human") || labels.has("user"));
}
