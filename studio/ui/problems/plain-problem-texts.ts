import { inLanguage } from '../../../core/text/language.ts';

/**
 * The words of the validator's problems for staff, in Dutch and English: one sentence per kind of problem, with the
 * values it names (what was found, the limit, a likely intended value). plain-problems.ts picks the sentence by the
 * problem's code and fills it with the problem's params.
 */
export interface ProblemTexts {
  required: string;
  empty: string;
  tooShort: (least: string, now: string) => string;
  tooLong: (most: string, now: string) => string;
  tooFew: (least: string, now: string) => string;
  tooMany: (most: string, now: string) => string;
  type: (expected: string, found: string) => string;
  types: Record<string, string>;
  or: string;
  found: {
    number: (n: string) => string;
    text: (t: string) => string;
    list: (n: string) => string;
    group: string;
    nothing: string;
    flag: (b: string) => string;
  };
  oneOf: (allowed: string, found: string) => string;
  exactly: (value: string) => string;
  range: Record<string, (limit: string, found: string) => string>;
  oneKey: (keys: string) => string;
  format: Record<string, string>;
  formatOther: (format: string) => string;
  hintOther: (hint: string) => string;
  patternUnknown: string;
  hints: Record<string, string>;
  patterns: Record<string, string>;
  unknownKey: (key: string) => string;
  allowedKeys: (keys: string) => string;
  noKeys: string;
  chooseKind: (kind: string) => string;
  unknownKind: (kind: string, value: string) => string;
  kinds: Record<string, string>;
  known: (values: string) => string;
  didYouMean: (value: string) => string;
  fileMissing: string;
  invalidJson: (what: string) => string;
  json: Record<string, string>;
  schemaRef: (expected: string) => string;
  broken: string;
  imageMissing: (src: string) => string;
  linkMissing: (to: string) => string;
  refMissing: Record<string, (id: string) => string>;
  wrongCollection: (id: string, holds: string, needs: string) => string;
  collections: Record<string, string>;
  phone: (value: string, phone: string) => string;
  emptySlug: (city: string) => string;
  sameSlug: (city: string, other: string) => string;
  slugTwice: (slug: string) => string;
  routeTwice: (path: string) => string;
  /**
   * a page at an address the build, the server or the studio keeps (core/site/reserved-routes.ts): whose it is (said
   * by `owner` from the validator's English words), and the reserved address it falls under when it is another
   */
  reservedRoute: (path: string, owner: string, reservedPath: string | undefined) => string;
  reservedServiceHub: (service: string, path: string, owner: string) => string;
  reservedCityHub: (city: string, path: string, owner: string) => string;
  reservedHubs: (kind: 'service' | 'city', reservedPath: string | undefined, owner: string) => string;
  reservedLanding: (service: string, city: string, path: string, owner: string) => string;
  owner: (english: string) => string;
  /** the landing guard's warnings (core/seo/guard.ts): a page too much like another, or with too few words of its own */
  alike: (page: string, share: string, other: string, most: string, city: string) => string;
  thin: (page: string, own: string, least: string, city: string) => string;
  /** a landing text with no letter or digit ("..."): whose description it is (a service, in a town), or a label's */
  emptyDescription: (service: string, city: string | undefined) => string;
  emptyWords: string;
  untranslated: (lang: string) => string;
  /** a placeholder of a landing template that no city, or some cities, have a value for (rules/landing-content.ts) */
  placeholderUnknown: (name: string) => string;
  placeholderAdd: (name: string) => string;
  placeholderMissing: (name: string, cities: string[]) => string;
  /** an entry of the city data for a city or a service the landing config has not, or past a template's blocks */
  cityUnknown: (city: string) => string;
  serviceUnknown: (service: string) => string;
  blockOutOfRange: (service: string, blocks: number, at: number) => string;
  /** an old version holds a symbolic link, which the studio does not restore (studio/server/publish.ts) */
  versionLink: string;
  /** a problem of a kind these texts have no sentence for: the validator's own words */
  other: (message: string) => string;
}

/** The owners of the reserved addresses (core/site/reserved-routes.ts), by the validator's English words. */
const NL_OWNERS: Record<string, string> = {
  'the home page, which the build writes as index.html': 'de homepage (het bestand index.html)',
  'the not-found page, which the build writes as 404.html': 'de pagina "Niet gevonden" (het bestand 404.html)',
  'the sitemap': 'de sitemap voor zoekmachines',
  'robots.txt, which tells search engines what to read': 'de aanwijzingen voor zoekmachines (robots.txt)',
  "the site's scripts and styles": 'de scripts en de opmaak van de site',
  "the host's settings": 'de instellingen van de webhost',
  "the server's forms and mail": 'de formulieren en e-mail van de site',
  "the photo host's upload address": "het uploaden van foto's",
  'the uploaded photos': "de geüploade foto's",
  "the server's health check": 'de controle of de site werkt',
  'the studio': 'de studio',
  "the development server's own addresses": 'de ontwikkelomgeving',
  "the development server's source files": 'de broncode van de ontwikkelomgeving',
  "a folder's page, which the build writes as index.html": 'de hoofdpagina van een map (het bestand index.html)',
  'hidden files, which the server never shows': 'verborgen bestanden, die de site nooit toont',
  "files: an address with an extension, such as .xml or .html, is a file's": 'bestanden: een adres met een extensie, zoals .xml of .html, is van een bestand',
};

const nl: ProblemTexts = {
  required: 'Vul dit veld in.',
  empty: 'Dit veld mag niet leeg zijn.',
  tooShort: (least, now) => `Gebruik minstens ${least} tekens (nu ${now}).`,
  tooLong: (most, now) => `Gebruik hoogstens ${most} tekens (nu ${now}).`,
  tooFew: (least, now) => `Deze lijst heeft er minstens ${least} nodig (nu ${now}).`,
  tooMany: (most, now) => `Deze lijst mag er hoogstens ${most} hebben (nu ${now}).`,
  type: (expected, found) => `Hier hoort ${expected}, niet ${found}.`,
  types: {
    string: 'een tekst',
    number: 'een getal',
    integer: 'een heel getal',
    boolean: 'aan of uit',
    object: 'een groep velden',
    array: 'een lijst',
    null: 'niets',
  },
  or: ' of ',
  found: {
    number: (n) => `een getal (${n})`,
    text: (t) => `de tekst ${t}`,
    list: (n) => `een lijst van ${n}`,
    group: 'een groep velden',
    nothing: 'niets',
    flag: (b) => (b === 'true' ? 'aan' : 'uit'),
  },
  oneOf: (allowed, found) => `Kies een van deze: ${allowed} (nu ${found}).`,
  exactly: (value) => `Hier hoort precies ${value}.`,
  range: {
    '>=': (limit, found) => `Gebruik een getal van minstens ${limit} (nu ${found}).`,
    '<=': (limit, found) => `Gebruik een getal van hoogstens ${limit} (nu ${found}).`,
    '>': (limit, found) => `Gebruik een getal groter dan ${limit} (nu ${found}).`,
    '<': (limit, found) => `Gebruik een getal kleiner dan ${limit} (nu ${found}).`,
  },
  oneKey: (keys) => `Kies precies één van deze velden: ${keys}.`,
  format: {
    email: 'Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.',
    uri: 'Vul een volledig webadres in, beginnend met https://.',
    date: 'Vul een datum in als 2025-01-31 (jaar-maand-dag).',
  },
  formatOther: (format) => `Dit is geen geldige waarde van de soort ${format}.`,
  hintOther: (hint) => `Dit veld verwacht: ${hint}.`,
  patternUnknown: 'Deze tekst heeft niet de vorm die dit veld vraagt.',
  hints: {
    'start with / for a page of this site, https:// for another site, or tel:/mailto:':
      'Een link begint met / (een pagina van deze site), https:// (een andere site), tel: of mailto:.',
    'a path under public/, such as /images/hero.webp': 'Kies een afbeelding uit de mediabibliotheek (zoals /images/hero.webp).',
    'a path under public/, such as /sounds/chat-notification.wav': 'Kies een geluid dat op de site staat (zoals /sounds/chat-notification.wav).',
    'a hex colour such as #1d4ed8': 'Vul een kleur in als # met zes tekens, zoals #1d4ed8.',
    'tel: and the number in international form, such as tel:+31612345678': 'Vul tel: in met het nummer in internationale vorm, zoals tel:+31612345678.',
    'digits only, with country code': 'Alleen cijfers, met de landcode ervoor, zoals 31612345678.',
    'digits only, with country code, such as 31612345678': 'Alleen cijfers, met de landcode ervoor, zoals 31612345678.',
    'https:// and the domain, without a trailing slash': 'Vul https:// en de domeinnaam in, zonder / aan het eind.',
    'must contain {title}': 'Deze tekst moet {title} bevatten: daar komt de titel van de pagina.',
    'lower case, such as /contact or /web-development': 'Een adres begint met / en heeft alleen kleine letters, cijfers en streepjes, zoals /contact.',
    "the client's live site, starting with https://": 'Vul het webadres van de klant in, beginnend met https://.',
    'letters, digits and _, starting with a letter (e.g. companyName)': 'Alleen letters, cijfers en _, beginnend met een letter (zoals bedrijfsnaam).',
  },
  patterns: {
    '^[a-z0-9-]+$': 'Alleen kleine letters, cijfers en streepjes.',
    '^[a-z0-9]+(-[a-z0-9]+)*$': 'Alleen kleine letters en cijfers, met losse streepjes ertussen.',
    '^[a-z][a-z0-9-]*$': 'Alleen kleine letters, cijfers en streepjes, beginnend met een letter.',
    '^https://': 'Een webadres beginnend met https://.',
    '^https?://': 'Een webadres beginnend met https:// of http://.',
    '^(/|https?://)': 'Een adres van deze site (beginnend met /) of een webadres (https://).',
    '^/': 'Een adres van deze site, beginnend met /.',
    '^[^/]+$': 'Deze naam mag geen / bevatten.',
    '^[A-Z]{2}$': 'Twee hoofdletters: de landcode, zoals NL.',
    '^[a-z]{2}(-[A-Z]{2})?$': 'De taalcode, zoals nl of nl-BE.',
    '^[0-9.]+(px|rem)$': 'Een maat als 12px of 1rem.',
    '^\\.[a-z0-9]+$': 'Een extensie met een punt ervoor, zoals .png.',
  },
  unknownKey: (key) => `Het veld "${key}" hoort hier niet.`,
  allowedKeys: (keys) => `Wel mogelijk: ${keys}.`,
  noKeys: 'Hier horen geen velden.',
  chooseKind: (kind) => `Kies een ${kind}.`,
  unknownKind: (kind, value) => `Er is geen ${kind} "${value}".`,
  kinds: { 'block type': 'soort blok', 'collection kind': 'soort lijst', 'field type': 'soort veld', value: 'waarde' },
  known: (values) => `Kies een van deze: ${values}.`,
  didYouMean: (value) => `Bedoel je "${value}"?`,
  fileMissing: 'Dit bestand ontbreekt.',
  invalidJson: (what) => `Het bestand kan niet gelezen worden: ${what}. Maak de laatste wijziging ongedaan of laat een ontwikkelaar het herstellen.`,
  json: {
    'unexpected character': 'er staat een onverwacht teken',
    'invalid number': 'een getal is niet goed geschreven',
    'expected a property name in double quotes': 'een veldnaam staat niet tussen dubbele aanhalingstekens',
    'expected a value': 'er ontbreekt een waarde',
    'expected ":" after the property name': 'na een veldnaam ontbreekt een dubbele punt',
    'expected "," between items (or a closing bracket)': 'tussen twee onderdelen ontbreekt een komma',
    'expected "}" to close the object': 'er ontbreekt een }',
    'expected "]" to close the array': 'er ontbreekt een ]',
    'unexpected text after the end of the JSON value': 'na het einde staat nog tekst',
    'comments are not allowed in JSON': 'er staat commentaar in, en dat mag niet',
    'string is not closed with a double quote': 'een tekst wordt niet afgesloten met een dubbel aanhalingsteken',
    'number is not complete': 'een getal is niet af',
    'invalid unicode escape': 'een speciaal teken is niet goed geschreven',
    'invalid escape character in string': 'een teken na een \\ is niet toegestaan',
    'invalid character in string (a line break or tab must be escaped)': 'in een tekst staat een regeleinde of tab',
  },
  schemaRef: (expected) => `De regel "$schema" bovenaan moet "${expected}" zijn, zodat editors het bestand herkennen.`,
  broken: 'Bij het controleren ging iets mis. Dat ligt niet aan jou: meld het aan een ontwikkelaar.',
  imageMissing: (src) => `De afbeelding ${src} bestaat niet (meer). Kies een afbeelding uit de mediabibliotheek of upload er een.`,
  linkMissing: (to) => `De link ${to} gaat naar een pagina die niet bestaat.`,
  refMissing: {
    form: (id) => `Het formulier "${id}" bestaat niet.`,
    page: (id) => `De pagina "${id}" bestaat niet.`,
    collection: (id) => `De lijst "${id}" bestaat niet.`,
  },
  wrongCollection: (id, holds, needs) => `De lijst "${id}" bevat ${holds}, maar dit blok toont ${needs}. Kies een andere lijst.`,
  collections: { faq: 'veelgestelde vragen', testimonials: 'klantverhalen', portfolio: 'portfolioprojecten', 'marketing-services': 'marketingdiensten' },
  phone: (value, phone) => `${value} is niet het telefoonnummer van de site (${phone}). Bellen, WhatsApp en de chat gebruiken één nummer.`,
  emptySlug: (city) => `Van "${city}" kan geen webadres gemaakt worden: gebruik letters of cijfers.`,
  sameSlug: (city, other) => `"${city}" krijgt hetzelfde webadres als "${other}": haal er een van weg.`,
  slugTwice: (slug) => `Het adresdeel "${slug}" wordt twee keer gebruikt: elke dienst heeft een eigen nodig.`,
  routeTwice: (path) => `Het adres ${path} wordt twee keer gebruikt: elke pagina heeft een eigen adres nodig.`,
  reservedRoute: (path, owner, reservedPath) =>
    reservedPath
      ? `Het adres ${path} valt onder ${reservedPath}, en dat is gereserveerd voor ${owner}: kies een ander adres.`
      : `Het adres ${path} is gereserveerd voor ${owner}: kies een ander adres.`,
  reservedServiceHub: (service, path, owner) =>
    `Het overzicht van de dienst "${service}" zou op ${path} komen, maar dat adres is gereserveerd voor ${owner}: kies een ander adresdeel voor deze dienst of een ander adres voor de overzichten van diensten.`,
  reservedCityHub: (city, path, owner) =>
    `Het overzicht van "${city}" zou op ${path} komen, maar dat adres is gereserveerd voor ${owner}: kies een ander adres voor de overzichten van plaatsen.`,
  reservedHubs: (kind, reservedPath, owner) =>
    reservedPath
      ? `De overzichten van ${kind === 'service' ? 'diensten' : 'plaatsen'} komen onder ${reservedPath}, en dat is gereserveerd voor ${owner}: kies een ander adres voor deze overzichten.`
      : `De adressen van de overzichten van ${kind === 'service' ? 'diensten' : 'plaatsen'} zijn gereserveerd voor ${owner}: kies een ander adres voor deze overzichten.`,
  reservedLanding: (service, city, path, owner) =>
    `De landingspagina van ${service} in ${city} zou op ${path} komen, maar dat adres is gereserveerd voor ${owner}: kies een ander adresdeel voor deze dienst.`,
  owner: (english) => NL_OWNERS[english] ?? 'de site zelf',
  alike: (page, share, other, most, city) =>
    `De pagina ${page} lijkt voor ${share} op ${other} (hoogstens ${most}): zoekmachines tonen dan vaak maar één van de twee. Geef ${city} meer eigen tekst (introductie, projecten, vragen uit de buurt).`,
  thin: (page, own, least, city) => `De pagina ${page} heeft ${own} eigen woorden (minstens ${least}): een dunne pagina. Geef ${city} meer eigen tekst.`,
  emptyDescription: (service, city) =>
    `De beschrijving van ${service}${city ? ` in ${city}` : ''} zegt niets: schrijf een zin of twee. Zoekmachines en het overzicht van de plaats tonen hem; tot dan laat de pagina hem weg.`,
  emptyWords: 'Deze tekst zegt niets: schrijf de woorden, of maak het veld leeg, dan staan er de woorden in de taal van de site.',
  untranslated: (lang) =>
    `Een deel van de woorden op de plaatspagina's staat nu in het Engels: voor de taal van de site (${lang}) zijn geen eigen woorden ingebouwd. Vul de teksten van de plaatspagina's en de overzichten zelf in.`,
  placeholderUnknown: (name) => `De plaatshouder {${name}} heeft in geen enkele plaats een waarde.`,
  placeholderAdd: (name) => `Voeg "${name}" toe aan de gegevens van elke plaats, of haal de plaatshouder weg.`,
  placeholderMissing: (name, cities) =>
    `De plaatshouder {${name}} heeft geen waarde voor ${cities.join(', ')}: voeg "${name}" toe aan de gegevens van ${cities.length > 1 ? 'die plaatsen' : 'die plaats'}, of haal de plaatshouder weg.`,
  cityUnknown: (city) => `"${city}" staat niet in de lijst met plaatsen van de landingspagina's.`,
  serviceUnknown: (service) => `"${service}" is geen dienst met eigen landingspagina's.`,
  blockOutOfRange: (service, blocks, at) => `De sjabloonpagina van "${service}" heeft ${blocks} blokken (0 tot en met ${blocks - 1}): blok ${at} bestaat niet.`,
  versionLink: 'Hier staat een snelkoppeling (link) naar een ander bestand, en die zet de studio niet terug.',
  other: (message) => `Deze waarde klopt niet (${message}).`,
};

const en: ProblemTexts = {
  required: 'This field is required.',
  empty: 'This field must not be empty.',
  tooShort: (least, now) => `Use at least ${least} characters (now ${now}).`,
  tooLong: (most, now) => `Use at most ${most} characters (now ${now}).`,
  tooFew: (least, now) => `This list needs at least ${least} (now ${now}).`,
  tooMany: (most, now) => `This list takes at most ${most} (now ${now}).`,
  type: (expected, found) => `This should be ${expected}, not ${found}.`,
  types: {
    string: 'text',
    number: 'a number',
    integer: 'a whole number',
    boolean: 'on or off',
    object: 'a group of fields',
    array: 'a list',
    null: 'nothing',
  },
  or: ' or ',
  found: {
    number: (n) => `a number (${n})`,
    text: (t) => `the text ${t}`,
    list: (n) => `a list of ${n}`,
    group: 'a group of fields',
    nothing: 'nothing',
    flag: (b) => (b === 'true' ? 'on' : 'off'),
  },
  oneOf: (allowed, found) => `Choose one of these: ${allowed} (now ${found}).`,
  exactly: (value) => `This must be exactly ${value}.`,
  range: {
    '>=': (limit, found) => `Use a number of at least ${limit} (now ${found}).`,
    '<=': (limit, found) => `Use a number of at most ${limit} (now ${found}).`,
    '>': (limit, found) => `Use a number greater than ${limit} (now ${found}).`,
    '<': (limit, found) => `Use a number less than ${limit} (now ${found}).`,
  },
  oneKey: (keys) => `Choose exactly one of these fields: ${keys}.`,
  format: {
    email: 'Enter a valid e-mail address, such as name@example.com.',
    uri: 'Enter a full web address, starting with https://.',
    date: 'Enter a date such as 2025-01-31 (year-month-day).',
  },
  formatOther: (format) => `This is not a valid ${format}.`,
  hintOther: (hint) => `This field expects ${hint}.`,
  patternUnknown: 'This text is not in the form this field needs.',
  hints: {
    'start with / for a page of this site, https:// for another site, or tel:/mailto:':
      'A link starts with / (a page of this site), https:// (another site), tel: or mailto:.',
    'a path under public/, such as /images/hero.webp': 'Pick an image from the media library (such as /images/hero.webp).',
    'a path under public/, such as /sounds/chat-notification.wav': 'Pick a sound the site has (such as /sounds/chat-notification.wav).',
    'a hex colour such as #1d4ed8': 'Enter a colour as # and six characters, such as #1d4ed8.',
    'tel: and the number in international form, such as tel:+31612345678': 'Enter tel: and the number in international form, such as tel:+31612345678.',
    'digits only, with country code': 'Digits only, with the country code first, such as 31612345678.',
    'digits only, with country code, such as 31612345678': 'Digits only, with the country code first, such as 31612345678.',
    'https:// and the domain, without a trailing slash': 'Enter https:// and the domain name, without a / at the end.',
    'must contain {title}': 'This text must contain {title}: the page’s title goes there.',
    'lower case, such as /contact or /web-development': 'An address starts with / and has only lower-case letters, digits and hyphens, such as /contact.',
    "the client's live site, starting with https://": 'Enter the client’s web address, starting with https://.',
    'letters, digits and _, starting with a letter (e.g. companyName)': 'Only letters, digits and _, starting with a letter (such as companyName).',
  },
  patterns: {
    '^[a-z0-9-]+$': 'Only lower-case letters, digits and hyphens.',
    '^[a-z0-9]+(-[a-z0-9]+)*$': 'Only lower-case letters and digits, with single hyphens between them.',
    '^[a-z][a-z0-9-]*$': 'Only lower-case letters, digits and hyphens, starting with a letter.',
    '^https://': 'A web address starting with https://.',
    '^https?://': 'A web address starting with https:// or http://.',
    '^(/|https?://)': 'An address of this site (starting with /) or a web address (https://).',
    '^/': 'An address of this site, starting with /.',
    '^[^/]+$': 'This name must not contain a /.',
    '^[A-Z]{2}$': 'Two capital letters: the country code, such as NL.',
    '^[a-z]{2}(-[A-Z]{2})?$': 'The language code, such as en or en-GB.',
    '^[0-9.]+(px|rem)$': 'A size such as 12px or 1rem.',
    '^\\.[a-z0-9]+$': 'An extension with a dot first, such as .png.',
  },
  unknownKey: (key) => `The field "${key}" does not belong here.`,
  allowedKeys: (keys) => `These do: ${keys}.`,
  noKeys: 'No fields belong here.',
  chooseKind: (kind) => `Choose a ${kind}.`,
  unknownKind: (kind, value) => `There is no ${kind} "${value}".`,
  kinds: { 'block type': 'block type', 'collection kind': 'kind of list', 'field type': 'field type', value: 'value' },
  known: (values) => `Choose one of these: ${values}.`,
  didYouMean: (value) => `Did you mean "${value}"?`,
  fileMissing: 'This file is missing.',
  invalidJson: (what) => `The file cannot be read: ${what}. Undo the last change, or have a developer repair it.`,
  json: {
    'unexpected character': 'there is an unexpected character',
    'invalid number': 'a number is not written correctly',
    'expected a property name in double quotes': 'a field name is not in double quotes',
    'expected a value': 'a value is missing',
    'expected ":" after the property name': 'a colon is missing after a field name',
    'expected "," between items (or a closing bracket)': 'a comma is missing between two parts',
    'expected "}" to close the object': 'a } is missing',
    'expected "]" to close the array': 'a ] is missing',
    'unexpected text after the end of the JSON value': 'there is text after the end',
    'comments are not allowed in JSON': 'it holds a comment, which is not allowed',
    'string is not closed with a double quote': 'a text is not closed with a double quote',
    'number is not complete': 'a number is not complete',
    'invalid unicode escape': 'a special character is not written correctly',
    'invalid escape character in string': 'a character after a \\ is not allowed',
    'invalid character in string (a line break or tab must be escaped)': 'a text holds a line break or a tab',
  },
  schemaRef: (expected) => `The "$schema" line at the top must be "${expected}", so that editors recognise the file.`,
  broken: 'Something went wrong while checking. It is not your doing: please tell a developer.',
  imageMissing: (src) => `The image ${src} does not exist (any more). Pick an image from the media library, or upload one.`,
  linkMissing: (to) => `The link ${to} goes to a page that does not exist.`,
  refMissing: {
    form: (id) => `The form "${id}" does not exist.`,
    page: (id) => `The page "${id}" does not exist.`,
    collection: (id) => `The list "${id}" does not exist.`,
  },
  wrongCollection: (id, holds, needs) => `The list "${id}" holds ${holds}, but this block shows ${needs}. Choose another list.`,
  collections: { faq: 'frequently asked questions', testimonials: 'testimonials', portfolio: 'portfolio projects', 'marketing-services': 'marketing services' },
  phone: (value, phone) => `${value} is not the site’s phone number (${phone}). Calls, WhatsApp and the chat use one number.`,
  emptySlug: (city) => `"${city}" gives no web address: use letters or digits.`,
  sameSlug: (city, other) => `"${city}" gets the same web address as "${other}": remove one of them.`,
  slugTwice: (slug) => `The address part "${slug}" is used twice: each service needs its own.`,
  routeTwice: (path) => `The address ${path} is used twice: each page needs its own address.`,
  reservedRoute: (path, owner, reservedPath) =>
    reservedPath
      ? `The address ${path} is under ${reservedPath}, which is reserved for ${owner}: choose another address.`
      : `The address ${path} is reserved for ${owner}: choose another address.`,
  reservedServiceHub: (service, path, owner) =>
    `The overview of the service "${service}" would be at ${path}, but that address is reserved for ${owner}: choose another address part for this service, or another address for the service overviews.`,
  reservedCityHub: (city, path, owner) =>
    `The overview of "${city}" would be at ${path}, but that address is reserved for ${owner}: choose another address for the overviews of places.`,
  reservedHubs: (kind, reservedPath, owner) =>
    reservedPath
      ? `The overviews of ${kind === 'service' ? 'services' : 'places'} would be under ${reservedPath}, which is reserved for ${owner}: choose another address for these overviews.`
      : `The addresses of the overviews of ${kind === 'service' ? 'services' : 'places'} are reserved for ${owner}: choose another address for these overviews.`,
  reservedLanding: (service, city, path, owner) =>
    `The landing page of ${service} in ${city} would be at ${path}, but that address is reserved for ${owner}: choose another address part for this service.`,
  // the validator's own words
  owner: (english) => english,
  alike: (page, share, other, most, city) =>
    `The page ${page} is ${share} the same as ${other} (at most ${most}): search engines then often show only one of them. Give ${city} more text of its own (introduction, projects, local questions).`,
  thin: (page, own, least, city) => `The page ${page} has ${own} words of its own (at least ${least}): a thin page. Give ${city} more text of its own.`,
  emptyDescription: (service, city) =>
    `The description of ${service}${city ? ` in ${city}` : ''} says nothing: write a sentence or two. Search results and the place's overview show it; until then the page leaves it out.`,
  emptyWords: 'This text says nothing: write the words, or empty the field and the pages use the words of the site’s language.',
  untranslated: (lang) =>
    `Some words on the place pages are shown in English: there are no built-in words for the site's language (${lang}). Fill in the texts of the place pages and the overviews yourself.`,
  placeholderUnknown: (name) => `The placeholder {${name}} has no value in any place.`,
  placeholderAdd: (name) => `Add "${name}" to the data of every place, or remove the placeholder.`,
  placeholderMissing: (name, cities) =>
    `The placeholder {${name}} has no value for ${cities.join(', ')}: add "${name}" to the data of ${cities.length > 1 ? 'those places' : 'that place'}, or remove the placeholder.`,
  cityUnknown: (city) => `"${city}" is not one of the places of the landing pages.`,
  serviceUnknown: (service) => `"${service}" is not a service with landing pages of its own.`,
  blockOutOfRange: (service, blocks, at) => `The template of "${service}" has ${blocks} blocks (0 to ${blocks - 1}): there is no block ${at}.`,
  versionLink: 'This is a link to another file, and the studio does not restore links.',
  other: (message) => `This value is not right (${message}).`,
};

/** Dutch for nl, nl-BE, ...; English for any other language. */
export const problemTexts = (lang: string): ProblemTexts => inLanguage(lang, { nl, en });
