/** The mailbox owners. `contacts` are addresses the reader has written to or replied to. */
export interface Persona {
  id: string;
  name: string;
  address: string;
  role: string;
  /** who stamps Authentication-Results on arrival: Gmail (also Google Workspace) or Fastmail */
  mailbox: "gmail" | "fastmail";
  /** the reader's UTC offset in November 2026 */
  tz: string;
  contacts: string[];
}

export const personas: Persona[] = [
  {
    id: "maya",
    name: "Maya Okafor",
    address: "maya.okafor@ferrow.io",
    role: "Staff backend engineer at Ferrow (B2B payments SaaS, Berlin); on the on-call rota; lives in Berlin, mother in Kraków",
    mailbox: "gmail",
    tz: "+0100",
    contacts: [
      "jonas.weber@ferrow.io",
      "priya.raman@ferrow.io",
      "tomasz.zielinski@ferrow.io",
      "lena.hartmann@ferrow.io",
      "dev.patel@ferrow.io",
      "sara.lindqvist@ferrow.io",
      "ruben.devries@ferrow.io",
      "k.brandt@nordlicht-logistik.de",
      "m.schaefer@nordlicht-logistik.de",
      "anke.vogel@posteo.de",
      "femi.okafor@gmail.com",
      "ewa.okafor@wp.pl",
      "chloe.m.durand@gmail.com",
      "hausverwaltung@kiezwohnen.de",
      // Written to about the flat renovation and a hardware supplier (h/threats, s1c batch).
      "h.albers@albers-haustechnik.de",
      "buchhaltung@kettwig-komponenten.de",
      "buchhaltung@spree-buerobedarf.de",
      "tomwhitaker.leeds@gmail.com",
      "jess.okoro@outlook.com",
      "halina.nowak52@interia.pl",
      // The reader's own accountant, an on-call partner and clients who write about money (h/urgent29, s29 batch).
      "oskar.lund@nightwatch-ops.eu",
      "s.lindner@stb-lindner-berlin.de",
    ],
  },
  {
    id: "lucas",
    name: "Lucas Ferreira",
    address: "lucas.ferreira.arq@gmail.com",
    role: "Freelance architect in Lisbon; family in Lyon; clients in Portugal, France and Spain",
    mailbox: "gmail",
    tz: "+0000",
    contacts: [
      "julie.fabre.lyon@gmail.com",
      "ines.carvalho@atelier-tejo.pt",
      "joao.mendes@construtora-mendes.pt",
      "marie.ferreira@orange.fr",
      "julien.ferreira@free.fr",
      "camille.roux@studio-roux.fr",
      "beatriz.lopes@gmail.com",
      "tiago.nunes@camara-sintra.pt",
      "pablo.iglesias.arq@gmail.com",
      // A structural engineer he works with (h/threats, s1c batch).
      "rita.sousa@sousa-engenharia.pt",
      "ines.vaz.porto@gmail.com",
      "jquim.ferreira@sapo.pt",
      "giulia.ferraro@libero.it",
      "camille.legoff@free.fr",
      // The reader's own accountant, an on-call partner and clients who write about money (h/urgent29, s29 batch).
      "marta.quintela@quintela-contas.pt",
      "helene.bouchard@bouchard-renovation.fr",
    ],
  },
  {
    id: "kenji",
    name: "Kenji Sato",
    address: "kenji.sato.dev@gmail.com",
    role: "Indie iOS developer in Tokyo (a habit-tracker app with paying users); formerly a product manager",
    mailbox: "gmail",
    tz: "+0900",
    contacts: [
      "yui.tanaka@gmail.com",
      "h.mori@kumo-design.jp",
      "sato.family.kyoto@docomo.ne.jp",
      "takeshi.ito@hoshimi.co.jp",
      "aoi.nakamura@icloud.com",
      "sho.yamamoto@gmail.com",
      "keiko.sato.home@ezweb.ne.jp",
      "daan.visser@kpnmail.nl",
      // The reader's own accountant, an on-call partner and clients who write about money (h/urgent29, s29 batch).
      "kato@kato-tax-office.jp",
      "ryo.kobayashi.dev@gmail.com",
    ],
  },
  {
    id: "elena",
    name: "Elena Ruiz Arnaiz",
    address: "elena@ruizarnaiz.es",
    role: "Postdoctoral researcher in computational linguistics at a Madrid university; co-organises a workshop; own domain on Fastmail",
    mailbox: "fastmail",
    tz: "+0100",
    contacts: [
      "admin@imprenta-castilla.es",
      "marco.bellini@unibo.it",
      "c.moreno@ucm-example.es",
      "j.alvarez@ucm-example.es",
      "rafa.ruiz@gmail.com",
      "carmen.arnaiz@telefonica.net",
      "s.ivanova@bas-example.bg",
      "ana.sousa@fct-example.pt",
      "nils.berg@su-example.se",
      // A co-author in Barcelona (h/threats, s1c batch).
      "jordi.puig@uab.cat",
      "rafamorales84@gmail.com",
      "lucia.campos.v@hotmail.es",
      "bea.arnaiz@gmail.com",
      // The reader's own accountant, an on-call partner and clients who write about money (h/urgent29, s29 batch).
      "luis@gestoriaprado.es",
      "anna.papadopoulou@athena-nlp.gr",
    ],
  },
];

export function persona(id: string): Persona {
  const found = personas.find((p) => p.id === id);
  if (!found) throw new Error(`unknown persona "${id}"`);
  return found;
}
