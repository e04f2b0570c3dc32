import { type Spec, sender } from "../spec.ts";

/**
 * Hard negatives for stage 1 (h/stage1, written for training after the freeze): legitimate
 * "act on this / pay this / pick this up" mail from small senders — accountants, landlords and
 * property managers, couriers, clinics, councils, repair shops — in the readers' languages. Each
 * was written on its own; many come from small domains without DMARC, as such senders do.
 */
const steuer = sender({
  org: "s1-steuerkanzlei-brandt",
  p: "maya",
  from: "Kanzlei Brandt - Sabine Krüger <s.krueger@stb-brandt-kreuzberg.de>",
  kind: "person",
  shape: "outlook",
  lang: "de",
  auth: "nodmarc",
});
const hausverw = sender({
  org: "s1-hausverwaltung-seidel",
  p: "maya",
  from: "Hausverwaltung Seidel <info@hv-seidel.de>",
  kind: "person",
  shape: "plain",
  lang: "de",
  auth: "nodmarc",
});
const praxis = sender({
  org: "s1-zahnarzt-oberbaum",
  p: "maya",
  from: "Zahnarztpraxis am Oberbaum <praxis@zahnarzt-oberbaum.de>",
  kind: "system",
  shape: "alt",
  lang: "de",
});
const werkstatt = sender({
  org: "s1-fahrrad-kiez",
  p: "maya",
  from: "Kiezrad Werkstatt <werkstatt@kiezrad-berlin.de>",
  kind: "person",
  shape: "mobile",
  lang: "de",
  auth: "nodmarc",
});
const contabil = sender({
  org: "s1-contabilidade-pires",
  p: "lucas",
  from: "Marta Pires | Pires Contabilidade <marta@pirescontabilidade.pt>",
  kind: "person",
  shape: "outlook",
  lang: "pt",
  auth: "nodmarc",
});
const condominio = sender({
  org: "s1-condominio-graca",
  p: "lucas",
  from: "Administração Condomínio R. da Graça 41 <admin.graca41@gmail.com>",
  kind: "person",
  shape: "gmail",
  lang: "pt",
});
const ctt = sender({
  org: "s1-loja-ctt-anjos",
  p: "lucas",
  from: "Papelaria Anjos (Ponto CTT) <papelaria.anjos@sapo.pt>",
  kind: "person",
  shape: "plain",
  lang: "pt",
  auth: "nodmarc",
});
const agenceLyon = sender({
  org: "s1-agence-croix-rousse",
  p: "lucas",
  from: "Agence Immobilière Croix-Rousse <gestion@immo-croixrousse.fr>",
  kind: "person",
  shape: "outlook",
  lang: "fr",
  auth: "nodmarc",
});
const zeirishi = sender({
  org: "s1-zeirishi-hayashi",
  p: "kenji",
  from: "林税理士事務所 <office@hayashi-tax.jp>",
  kind: "person",
  shape: "plain",
  lang: "ja",
  auth: "nodmarc",
});
const kanri = sender({
  org: "s1-kanri-sakura",
  p: "kenji",
  from: "さくら管理サービス <info@sakura-kanri.co.jp>",
  kind: "system",
  shape: "plain",
  lang: "ja",
});
const clinicJp = sender({
  org: "s1-clinic-ebisu",
  p: "kenji",
  from: "恵比寿内科クリニック <yoyaku@ebisu-naika.jp>",
  kind: "system",
  shape: "alt",
  lang: "ja",
});
const fincas = sender({
  org: "s1-fincas-lavapies",
  p: "elena",
  from: "Administración de Fincas Lavapiés <comunidades@fincaslavapies.es>",
  kind: "person",
  shape: "outlook",
  lang: "es",
  auth: "nodmarc",
});
const gestoria = sender({
  org: "s1-gestoria-olmo",
  p: "elena",
  from: "Raquel Olmo - Gestoría Olmo <raquel@gestoriaolmo.es>",
  kind: "person",
  shape: "gmail",
  lang: "es",
});
const ayto = sender({
  org: "s1-ayto-tributos",
  p: "elena",
  from: "Agencia Tributaria Madrid <no-responder@madrid-tributos.es>",
  kind: "system",
  shape: "alt",
  lang: "es",
});
const mensajero = sender({
  org: "s1-mensajeria-rapid",
  p: "elena",
  from: "Rapid Mensajería Centro <avisos@rapidmensajeria.es>",
  kind: "system",
  shape: "plain",
  lang: "es",
  auth: "nodmarc",
});
const veterinario = sender({
  org: "s1-vet-trastevere",
  p: "elena",
  from: "Ambulatorio Veterinario Trastevere <segreteria@vet-trastevere.it>",
  kind: "person",
  shape: "plain",
  lang: "it",
  auth: "nodmarc",
});

export const s1Notices: Spec[] = [
  steuer({
    s: "Umsatzsteuer-Voranmeldung Oktober – Belege bis 8.12.",
    d: "11-24 09:20",
    b: `Sehr geehrte Frau Okafor,

für die Umsatzsteuer-Voranmeldung Oktober (Ihre Nebentätigkeit als Beraterin) fehlen uns noch die Ausgangsrechnungen und die Quittung für den Monitor. Bitte laden Sie die Belege bis zum 8. Dezember in Ihren Mandantenordner hoch, sonst müssen wir eine Fristverlängerung beim Finanzamt beantragen.

Die Zahllast überweisen Sie wie gewohnt selbst an die Finanzkasse; den Betrag teilen wir Ihnen nach Prüfung mit.

Mit freundlichen Grüßen
Sabine Krüger
Steuerfachangestellte
Steuerkanzlei Brandt, Oranienstraße 180, 10999 Berlin`,
    L: "a/request/primary",
    why: "the reader's own tax office asks for documents by a date; a real deadline, no link",
  }),
  steuer({
    s: "Ihre Rechnung Nr. 2026-1147 (Jahresabschluss 2025)",
    d: "11-10 14:05",
    b: `Sehr geehrte Frau Okafor,

anbei erhalten Sie unsere Rechnung für die Erstellung der Einkommensteuererklärung 2025. Der Betrag von 684,25 EUR ist innerhalb von 14 Tagen ohne Abzug fällig.

Bankverbindung wie bisher: Berliner Volksbank, IBAN DE12 1009 0000 2211 3344 55.

Mit freundlichen Grüßen
Sabine Krüger`,
    att: [
      { name: "Rechnung_2026-1147.pdf", text: "Rechnung 2026-1147 Einkommensteuererklärung 2025 684,25 EUR" },
    ],
    L: "a/deliver/receipt",
    why: "an invoice from the reader's own tax adviser, same bank details as always",
  }),
  hausverw({
    s: "Wasserschaden im 3. OG – Zugang zu Ihrer Wohnung am Donnerstag",
    d: "11-23 17:45",
    b: `Sehr geehrte Frau Okafor,

in der Wohnung über Ihnen (3. OG links) ist am Wochenende ein Leitungswasserschaden entstanden. Der Sachverständige der Gebäudeversicherung muss am Donnerstag, 26.11., zwischen 10 und 12 Uhr die Decke in Ihrem Bad prüfen.

Falls Sie nicht zu Hause sind, kann der Hausmeister Herr Yilmaz mit dem Generalschlüssel öffnen. Bitte antworten Sie kurz, ob das für Sie in Ordnung ist, oder nennen Sie uns einen anderen Termin.

Bitte melden Sie uns auch sofort, falls sich an Ihrer Decke Flecken zeigen.

Mit freundlichen Grüßen
Hausverwaltung Seidel
Tel. 030 6123 4477`,
    L: "u/request/primary",
    why: "the property manager needs access to the flat this week after water damage",
  }),
  hausverw({
    s: "Nebenkostenabrechnung 2025 – Nachzahlung",
    d: "11-05 10:10",
    b: `Sehr geehrte Frau Okafor,

anbei die Betriebskostenabrechnung für 2025. Es ergibt sich eine Nachzahlung von 212,40 EUR, fällig zum 31.12.2026. Ihre monatliche Vorauszahlung erhöht sich ab Januar um 18 EUR.

Die Belege können Sie nach Terminvereinbarung in unserem Büro einsehen.

Mit freundlichen Grüßen
Hausverwaltung Seidel`,
    att: [
      { name: "BK-Abrechnung_2025_WE07.pdf", text: "Betriebskostenabrechnung 2025 Nachzahlung 212,40 EUR" },
    ],
    L: "a/deliver/primary",
    why: "the landlord's annual utility statement with a balance due at year end",
  }),
  praxis({
    s: "Erinnerung: Ihr Termin zur Prophylaxe am 2. Dezember",
    d: "11-25 08:00",
    b: `Guten Tag Frau Okafor,

wir erinnern Sie an Ihren Termin zur professionellen Zahnreinigung am Mittwoch, 2. Dezember, um 8:30 Uhr.

Bitte bringen Sie Ihre Versichertenkarte mit. Falls Sie den Termin nicht wahrnehmen können, sagen Sie bitte bis 24 Stunden vorher ab; sonst müssen wir eine Ausfallgebühr von 40 EUR berechnen.

[Termin absagen oder verschieben](https://www.zahnarzt-oberbaum.de/termine)

Ihr Praxisteam`,
    L: "i/fyi/notification",
    why: "a dental appointment reminder with a no-show fee; routine",
  }),
  werkstatt({
    s: "Dein Rad ist fertig",
    d: "11-21 16:30",
    b: `Hi Maya,

das Rad ist fertig: neue Kette, Ritzel und Bremsbeläge hinten, zusammen 96,50 €. Kannst du ab morgen 10 Uhr abholen, bitte bis Samstag, danach ist es eng bei uns im Laden. Zahlen geht bar oder mit Karte vor Ort.

Grüße
Ole`,
    L: "a/request/primary",
    why: "the repair shop says the bike is ready to pick up and what it costs",
  }),
  contabil({
    s: "IVA 4.º trimestre – faturas em falta até dia 10",
    d: "11-26 11:00",
    b: `Bom dia Lucas,

Para fecharmos a declaração periódica do IVA do 4.º trimestre preciso ainda das faturas de despesa de outubro e novembro (material de escritório, deslocações à obra de Sintra e a licença do software). Pode enviar-mas até dia 10 de dezembro?

Lembro que o pagamento do IVA é feito por si no Portal das Finanças, com a referência que lhe envio depois de submetermos. Não pague nada antes disso.

Cumprimentos,
Marta Pires
Pires Contabilidade, Lda.`,
    L: "a/request/primary",
    why: "the reader's accountant asks for invoices before the quarterly VAT filing",
  }),
  contabil({
    s: "Avença mensal – fatura de novembro",
    d: "11-30 18:20",
    b: `Lucas,

Segue em anexo a fatura-recibo da avença de novembro (120,00 € + IVA). O débito directo sai no dia 5 como habitualmente.

Cumprimentos,
Marta`,
    att: [{ name: "FR_2026_0311.pdf", text: "Fatura-recibo FR 2026/0311 Avença novembro 147,60 EUR" }],
    L: "i/deliver/receipt",
    why: "the accountant's monthly invoice, paid by direct debit",
  }),
  condominio({
    s: "Quota extra do condomínio – obras no telhado",
    d: "11-18 21:10",
    b: `Caros condóminos,

Como aprovado na assembleia de 28 de outubro, a quota extraordinária para a reparação do telhado é de 380 € por fração, a pagar até 15 de dezembro por transferência para a conta do condomínio (IBAN na ata em anexo). Quem preferir pode pagar em duas prestações; digam-me até sexta.

As obras começam a 11 de janeiro; vamos precisar de acesso ao sótão nos dias 11 e 12.

Obrigado,
Paulo Neves (administração, 3.º Esq.)`,
    att: [
      {
        name: "Ata_assembleia_28out.pdf",
        text: "Ata da assembleia de condóminos 28 de outubro quota extraordinária telhado",
      },
    ],
    to: "condominos.graca41@googlegroups.com",
    L: "a/request/primary",
    why: "the building's volunteer administrator asks for the extra quota voted at the meeting",
  }),
  ctt({
    s: "Encomenda para levantar",
    d: "11-20 12:40",
    b: `Boa tarde,

Tem uma encomenda registada à sua espera aqui na papelaria (Ponto CTT dos Anjos), deixada hoje pelo carteiro por não haver ninguém em casa. Guardamos durante 10 dias úteis. Traga o cartão de cidadão, não há nada a pagar.

Horário: seg a sex 8h30-19h, sáb 9h-13h.

Papelaria Anjos`,
    L: "a/request/notification",
    why: "a local CTT pick-up point says a registered parcel waits there; nothing to pay",
  }),
  agenceLyon({
    s: "Appartement de votre mère – avis d'échéance et visite du chauffagiste",
    d: "11-16 10:00",
    b: `Monsieur Ferreira,

Comme convenu pour l'appartement de Madame Ferreira (rue d'Austerlitz), vous trouverez ci-joint l'avis d'échéance de décembre : 742 € charges comprises, prélevés le 5 comme d'habitude.

Par ailleurs, l'entretien annuel de la chaudière aura lieu le mardi 1er décembre entre 8 h et 12 h. Pourriez-vous confirmer que quelqu'un sera présent pour ouvrir ?

Bien cordialement,
Nathalie Gros
Gestion locative – Agence Croix-Rousse`,
    att: [{ name: "avis_echeance_decembre.pdf", text: "Avis d'échéance décembre 742 EUR" }],
    L: "a/request/primary",
    why: "the letting agent sends the rent notice and asks someone to let the heating engineer in",
  }),
  zeirishi({
    s: "【ご確認】年末調整・確定申告に必要な書類について",
    d: "11-19 15:00",
    b: `佐藤 健二 様

いつもお世話になっております。林税理士事務所の小川です。

来年の確定申告に向けて、以下の書類を12月15日までにご準備いただけますでしょうか。

- App Storeの売上明細（1月〜12月分）
- 国民健康保険・国民年金の控除証明書
- ふるさと納税の受領証明書

書類は前回と同じ共有フォルダにアップロードしてください。ご不明な点があればお電話ください。

林税理士事務所
小川 真理`,
    L: "a/request/primary",
    why: "the reader's tax accountant asks for documents for the tax return by a date",
  }),
  kanri({
    s: "【重要】給水管工事に伴う断水のお知らせ（12月3日）",
    d: "11-24 10:00",
    b: `入居者各位

さくら管理サービスです。下記の日程で給水管の更新工事を行います。工事中は断水となりますのでご協力をお願いいたします。

日時：12月3日（木）9時〜15時
対象：全戸

事前に飲料水の確保をお願いします。工事に伴う費用のご負担はありません。

お問い合わせ：03-5488-1200（平日9時〜18時）`,
    L: "i/fyi/notification",
    why: "the building manager announces a water shut-off; no cost, no link",
  }),
  clinicJp({
    s: "健康診断結果のお知らせと再検査のご案内",
    d: "11-17 13:30",
    b: `佐藤 健二 様

先日受診された健康診断の結果がまとまりました。血液検査の一部の項目で再検査をおすすめしています。

ご都合のよい日時を、お電話またはWeb予約からお知らせください。再検査の費用は保険適用となります。

[Web予約](https://www.ebisu-naika.jp/reserve)

恵比寿内科クリニック`,
    L: "a/request/notification",
    why: "the reader's clinic recommends a follow-up test after a check-up",
  }),
  fincas({
    s: "Comunidad Argumosa 12 – derrama ascensor y junta extraordinaria",
    d: "11-12 12:15",
    b: `Estimados propietarios:

Les recordamos que el primer plazo de la derrama para la instalación del ascensor (465 € por vivienda) vence el 30 de noviembre. El cargo se pasará por domiciliación bancaria; quien no la tenga debe hacer la transferencia a la cuenta de la comunidad indicando piso y letra.

Se convoca además junta extraordinaria el 10 de diciembre a las 19:30 en el portal para aprobar el presupuesto del mantenimiento.

Atentamente,
Luis Carrasco
Administración de Fincas Lavapiés`,
    att: [
      {
        name: "Convocatoria_junta_10dic.pdf",
        text: "Convocatoria junta extraordinaria 10 de diciembre ascensor",
      },
    ],
    L: "a/request/primary",
    why: "the building administrator reminds of the lift levy and calls a meeting",
  }),
  gestoria({
    s: "Modelo 100 – necesito el certificado de retenciones",
    d: "11-25 10:30",
    b: `Hola Elena,

Para preparar tu declaración necesito el certificado de retenciones de la universidad y el del contrato italiano (Bolonia, junio). Si me los mandas antes del 15 de diciembre lo dejo listo antes de vacaciones.

Te recuerdo que este año, al ser de dos pagadores, seguramente te salga a pagar; te diré el importe exacto cuando lo tenga.

Un abrazo,
Raquel`,
    L: "a/request/primary",
    why: "the reader's tax adviser asks for withholding certificates by a date",
  }),
  ayto({
    s: "Aviso de cargo: IBI 2026, segundo plazo",
    d: "11-02 09:00",
    b: `Estimado/a contribuyente:

Le informamos de que el 20 de noviembre se cargará en su cuenta domiciliada el segundo plazo del Impuesto sobre Bienes Inmuebles 2026 del inmueble de C/ Argumosa 12, por importe de 187,34 €.

No tiene que hacer nada. Si ha cambiado de cuenta, puede actualizar la domiciliación en la sede electrónica.

[Sede electrónica](https://sede.madrid.es)`,
    L: "i/fyi/notification",
    why: "the city tax office announces a direct-debited property-tax instalment",
  }),
  mensajero({
    s: "No hemos podido entregar su envío 4471-2290",
    d: "11-23 13:10",
    b: `Hola,

Nuestro repartidor ha pasado hoy a las 12:40 por C/ Argumosa 12 y no había nadie. Volveremos mañana entre 9 y 14 h. Si lo prefiere, puede recogerlo en nuestra oficina de Embajadores 35 a partir de las 17 h con su DNI.

El remitente es Librería Traficantes de Sueños. El envío está pagado; no hay nada que abonar.

Rapid Mensajería Centro`,
    L: "a/fyi/notification",
    why: "a local courier missed the delivery and offers a second attempt; nothing to pay",
  }),
  veterinario({
    s: "Promemoria vaccino e saldo visita",
    d: "11-22 18:00",
    b: `Gentile dott.ssa Ruiz,

le ricordiamo che il richiamo del vaccino di Pepe è previsto entro fine dicembre. Quando torna a Roma ci chiami per fissare l'appuntamento.

Resta inoltre da saldare la visita del 14 ottobre (55 €): può pagare in ambulatorio o con bonifico indicando il nome dell'animale.

Cordiali saluti,
Giulia – Ambulatorio Veterinario Trastevere`,
    L: "a/request/primary",
    why: "the vet's office reminds of a vaccine and an unpaid visit",
  }),
];
