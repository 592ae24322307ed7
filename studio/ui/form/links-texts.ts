/**
 * What the link picker, the page's address and delete actions and the site search say, in the site's language (its
 * config's `lang`): Dutch and English. One entry per language, with the same keys; a language the studio does not
 * speak gets English.
 */
const nl = {
  // where a text or a link is
  settings: 'Instellingen van de site',
  collection: (id: string) => `Verzameling ${id}`,
  form: (id: string) => `Formulier ${id}`,
  block: (n: number, name: string) => `Blok ${n} (${name})`,
  // the link picker
  pages: "Pagina's",
  landingPages: "Landingspagina's",
  otherKinds: 'Ander soort link',
  external: 'Andere website',
  phone: 'Telefoonnummer',
  email: 'E-mailadres',
  anchor: 'Plek op deze pagina',
  showChoices: "Pagina's tonen",
  choices: (n: number) => (n === 1 ? '1 keuze' : `${n} keuzes`),
  noPage: 'Geen pagina gevonden met deze naam of dit adres.',
  moreLanding: (n: number) => `En nog ${n} landingspagina's: typ een plaats of dienst.`,
  unknownRoute: 'Geen pagina van deze site heeft dit adres.',
  startExternal: 'Typ na https:// het adres van de website.',
  startPhone: 'Typ na tel: het telefoonnummer.',
  startEmail: 'Typ na mailto: het e-mailadres.',
  landingOf: (heading: string) => `landingspagina ${heading}`,
  // the page's address and deletion
  address: 'Adres',
  linksHere: (n: number) => (n === 0 ? 'Geen links naar deze pagina' : n === 1 ? '1 link naar deze pagina' : `${n} links naar deze pagina`),
  rename: 'Adres wijzigen',
  renameTitle: (title: string) => `Adres van "${title}" wijzigen`,
  newAddress: 'Nieuw adres',
  addressHint: 'Begint met /, daarna kleine letters, cijfers en streepjes, zoals /over-ons.',
  noSlash: 'Een adres begint met /.',
  badCharacters: 'Alleen kleine letters, cijfers en losse streepjes, zoals /over-ons.',
  taken: (name: string) => `Dit adres is al in gebruik: ${name}.`,
  unchanged: 'Dit is het huidige adres.',
  useSuggestion: (path: string) => `${path} gebruiken`,
  linksFollow: (n: number) =>
    n === 0
      ? 'Er wijzen geen links naar deze pagina.'
      : n === 1
        ? 'Deze link gaat mee naar het nieuwe adres:'
        : `Deze ${n} links gaan mee naar het nieuwe adres:`,
  doRename: 'Adres wijzigen',
  renamed: (path: string, n: number) => `Het adres is nu ${path}${n === 0 ? '.' : n === 1 ? '; 1 link is mee veranderd.' : `; ${n} links zijn mee veranderd.`}`,
  homeFixed: 'De homepage staat altijd op / en kan niet worden verwijderd.',
  remove: 'Pagina verwijderen',
  removeTitle: (title: string) => `Pagina "${title}" verwijderen`,
  pointingHere: (n: number) => (n === 1 ? 'Er wijst nog 1 link naar deze pagina:' : `Er wijzen nog ${n} links naar deze pagina:`),
  noLinksHere: 'Er wijzen geen links naar deze pagina.',
  relinkTo: 'Laat deze links wijzen naar',
  choosePage: '(kies een pagina)',
  refused: (n: number) =>
    `Zolang er ${n === 1 ? 'een link' : 'links'} naar deze pagina ${n === 1 ? 'wijst' : 'wijzen'}, kan hij niet weg: kies hierboven een andere pagina voor ${n === 1 ? 'die link' : 'die links'}.`,
  doRemove: 'Pagina verwijderen',
  doRelinkRemove: 'Links omzetten en pagina verwijderen',
  getBack:
    'Per ongeluk verwijderd? "Ongedaan maken" (Ctrl+Z) haalt hem meteen terug, met zijn adres en links. Met "Wijzigingen weggooien" bovenaan komt alles terug wat nog niet gepubliceerd is, deze pagina ook. Een eerder gepubliceerde versie staat onder "Geschiedenis".',
  removed: (title: string) =>
    `De pagina "${title}" is verwijderd. Terughalen kan met "Ongedaan maken" (Ctrl+Z), of met "Wijzigingen weggooien" zolang u niet publiceert.`,
  cancel: 'Annuleren',
  working: 'Bezig…',
  failed: (message: string) => `Dat lukte niet: ${message}`,
  more: (n: number) => `en nog ${n}`,
  // the site search
  search: 'Zoeken in de site',
  searchPlaceholder: 'Zoek een tekst…',
  results: (n: number) => (n === 0 ? 'Niets gevonden' : n === 1 ? '1 plek gevonden' : `${n} plekken gevonden`),
  moreResults: (n: number) => `En nog ${n}: typ meer woorden om te verfijnen.`,
};

export type LinksTexts = typeof nl;

const en: LinksTexts = {
  settings: 'Site settings',
  collection: (id: string) => `Collection ${id}`,
  form: (id: string) => `Form ${id}`,
  block: (n: number, name: string) => `Block ${n} (${name})`,
  pages: 'Pages',
  landingPages: 'Landing pages',
  otherKinds: 'Another kind of link',
  external: 'Another website',
  phone: 'Phone number',
  email: 'E-mail address',
  anchor: 'A place on this page',
  showChoices: 'Show pages',
  choices: (n: number) => (n === 1 ? '1 choice' : `${n} choices`),
  noPage: 'No page found with this name or address.',
  moreLanding: (n: number) => `And ${n} more landing pages: type a place or a service.`,
  unknownRoute: 'No page of this site has this address.',
  startExternal: "Type the website's address after https://.",
  startPhone: 'Type the phone number after tel:.',
  startEmail: 'Type the e-mail address after mailto:.',
  landingOf: (heading: string) => `landing page ${heading}`,
  address: 'Address',
  linksHere: (n: number) => (n === 0 ? 'No links to this page' : n === 1 ? '1 link to this page' : `${n} links to this page`),
  rename: 'Change address',
  renameTitle: (title: string) => `Change the address of "${title}"`,
  newAddress: 'New address',
  addressHint: 'Starts with /, then lower-case letters, digits and hyphens, such as /about-us.',
  noSlash: 'An address starts with /.',
  badCharacters: 'Only lower-case letters, digits and single hyphens, such as /about-us.',
  taken: (name: string) => `This address is already in use: ${name}.`,
  unchanged: 'This is the current address.',
  useSuggestion: (path: string) => `Use ${path}`,
  linksFollow: (n: number) =>
    n === 0 ? 'No links point to this page.' : n === 1 ? 'This link follows to the new address:' : `These ${n} links follow to the new address:`,
  doRename: 'Change address',
  renamed: (path: string, n: number) => `The address is now ${path}${n === 0 ? '.' : n === 1 ? '; 1 link changed with it.' : `; ${n} links changed with it.`}`,
  homeFixed: 'The home page is always at / and cannot be deleted.',
  remove: 'Delete page',
  removeTitle: (title: string) => `Delete the page "${title}"`,
  pointingHere: (n: number) => (n === 1 ? '1 link still points to this page:' : `${n} links still point to this page:`),
  noLinksHere: 'No links point to this page.',
  relinkTo: 'Point these links to',
  choosePage: '(choose a page)',
  refused: (n: number) =>
    `While ${n === 1 ? 'a link points' : 'links point'} to this page it cannot go: choose another page for ${n === 1 ? 'that link' : 'those links'} above.`,
  doRemove: 'Delete page',
  doRelinkRemove: 'Move the links and delete the page',
  getBack:
    'Deleted by mistake? "Undo" (Ctrl+Z) brings it back at once, with its address and links. "Discard changes" at the top brings back everything not yet published, this page too. An earlier published version is under "History".',
  removed: (title: string) => `The page "${title}" was deleted. "Undo" (Ctrl+Z) brings it back, or "Discard changes" as long as you do not publish.`,
  cancel: 'Cancel',
  working: 'Working…',
  failed: (message: string) => `That did not work: ${message}`,
  more: (n: number) => `and ${n} more`,
  search: 'Search the site',
  searchPlaceholder: 'Search for a text…',
  results: (n: number) => (n === 0 ? 'Nothing found' : n === 1 ? '1 place found' : `${n} places found`),
  moreResults: (n: number) => `And ${n} more: type more words to narrow it down.`,
};

const catalogs: Record<string, LinksTexts> = { nl, en };

/** The texts for a site's language (`nl`, `nl-BE`, `en-GB`, ...). */
export function linksTexts(lang: string | undefined): LinksTexts {
  return catalogs[(lang ?? '').toLowerCase().split('-')[0]!] ?? en;
}
