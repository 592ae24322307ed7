import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../core/paths.ts';
import { guardLanding } from '../../../core/seo/guard.ts';
import { siteWithCopiedCity } from '../../../core/seo/testing/copied-city.ts';
import { PROBLEM_CODES, problemMessage, validateSite, type Problem, type ProblemData } from '../../../core/validate/validate.ts';
import { dataOf, loadFixture, problemsWith, schemaSet } from '../fixture-site.testing.ts';
import { problemTexts } from './plain-problem-texts.ts';
import { plainProblem, reservedRouteText } from './plain-problems.ts';
import { SAMPLE_PARAMS } from './plain-problems.samples.testing.ts';
import { RESERVED_ROUTES } from '../../../core/site/reserved-routes.ts';

type Obj = Record<string, unknown>;
type Json = Obj & { blocks: Obj[] };

const base = loadFixture('base');
const HOME = 'content/pages/home.json';
const CONFIG = 'site.config.json';

/** The validator's one problem for a change of one file of the base fixture (its real code and params, not a copy of them). */
function messageOf(file: string, change: (data: Json) => unknown): Problem {
  const data = dataOf<Json>(base, file);
  const changed = change(data) ?? data;
  const problems = problemsWith(base, file, changed);
  expect(problems, JSON.stringify(problems)).toHaveLength(1);
  return problems[0]!;
}

const say = (problem: ProblemData) => ({ nl: plainProblem(problem, 'nl'), en: plainProblem(problem, 'en') });

/** Whether a studio text is the fallback that shows the validator's own words. */
function isFallback(plain: string, lang: string): boolean {
  const fallback = problemTexts(lang).other('');
  return plain.startsWith(fallback.slice(0, fallback.indexOf('(')));
}

/** Every problem of the broken fixtures, as the validator finds them. */
function brokenProblems(): Problem[] {
  const broken = join(paths.root, 'tests/fixtures/broken');
  const roots = (name: string) => [join(broken, name), join(paths.root, 'tests/fixtures/base')];
  return readdirSync(broken).flatMap((name) => validateSite({ roots: roots(name), schemaDir: paths.schemas, schemas: schemaSet }).problems);
}

describe('a problem in plain words', () => {
  it.each([
    ['a missing field', () => messageOf(HOME, (d) => void delete d.blocks[0]!.headline), 'Vul dit veld in.', 'This field is required.'],
    ['a block without its type', () => messageOf(HOME, (d) => void delete d.blocks[1]!.type), 'Kies een soort blok.', 'Choose a block type.'],
    ['an emptied field', () => messageOf(HOME, (d) => void (d.blocks[0]!.headline = '')), 'Dit veld mag niet leeg zijn.', 'This field must not be empty.'],
    [
      'a text too short',
      () => messageOf(CONFIG, (d) => void (d.landing as { cities: string[] }).cities.push('A')),
      'Gebruik minstens 2 tekens (nu 1).',
      'Use at least 2 characters (now 1).',
    ],
    [
      'a text too long',
      () => messageOf(HOME, (d) => void (d.title = 'x'.repeat(80))),
      'Gebruik hoogstens 70 tekens (nu 80).',
      'Use at most 70 characters (now 80).',
    ],
    [
      'a list too short',
      () => messageOf(HOME, (d) => void (d.blocks = [])),
      'Deze lijst heeft er minstens 1 nodig (nu 0).',
      'This list needs at least 1 (now 0).',
    ],
    [
      'a list too long',
      () => messageOf(HOME, (d) => void (d.blocks[0]!.buttons = Array.from({ length: 4 }, () => ({ label: 'Contact', to: '/contact' })))),
      'Deze lijst mag er hoogstens 3 hebben (nu 4).',
      'This list takes at most 3 (now 4).',
    ],
    [
      'a number too small',
      () => messageOf(CONFIG, (d) => void ((d.splash as Obj).durationMs = -1)),
      'Gebruik een getal van minstens 0 (nu -1).',
      'Use a number of at least 0 (now -1).',
    ],
    [
      'a text where a number belongs',
      () => messageOf(CONFIG, (d) => void ((d.splash as Obj).durationMs = '800')),
      'Hier hoort een heel getal, niet de tekst "800".',
      'This should be a whole number, not the text "800".',
    ],
    [
      'a number where a text belongs',
      () => messageOf(HOME, (d) => void (d.blocks[0]!.headline = 42)),
      'Hier hoort een tekst, niet een getal (42).',
      'This should be text, not a number (42).',
    ],
    [
      'a group where a list belongs',
      () => messageOf(HOME, (d) => void (d.blocks[1]!.paragraphs = {})),
      'Hier hoort een lijst, niet een groep velden.',
      'This should be a list, not a group of fields.',
    ],
    [
      'two kinds in one rich-text node',
      () => messageOf(HOME, (d) => void ((d.blocks[2]!.content as Obj[])[0] = { h2: 'Kop', p: 'Tekst' })),
      'Kies precies één van deze velden: h2, h3, p, ul, ol.',
      'Choose exactly one of these fields: h2, h3, p, ul, ol.',
    ],
    [
      'an e-mail address that is not one',
      () => messageOf(CONFIG, (d) => void ((d.contact as Obj).email = 'info@')),
      'Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.',
      'Enter a valid e-mail address, such as name@example.com.',
    ],
    [
      'a choice with a typo',
      () => messageOf(HOME, (d) => void ((d.blocks[0]!.buttons as Obj[])[0]!.variant = 'primry')),
      'Kies een van deze: "primary", "secondary", "accent", "ghost" (nu de tekst "primry"). Bedoel je "primary"?',
      'Choose one of these: "primary", "secondary", "accent", "ghost" (now the text "primry"). Did you mean "primary"?',
    ],
    [
      'a link that is not one',
      () => messageOf(HOME, (d) => void ((d.blocks[0]!.buttons as Obj[])[0]!.to = 'contact')),
      'Een link begint met / (een pagina van deze site), https:// (een andere site), tel: of mailto:.',
      'A link starts with / (a page of this site), https:// (another site), tel: or mailto:.',
    ],
    [
      'a colour that is not one',
      () => messageOf(CONFIG, (d) => void (((d.theme as Obj).colors as Obj).primary = 'blue')),
      'Vul een kleur in als # met zes tekens, zoals #1d4ed8.',
      'Enter a colour as # and six characters, such as #1d4ed8.',
    ],
    [
      'a name with characters it may not have',
      () => messageOf(HOME, (d) => void d.blocks.push({ type: 'form', form: 'Contact!' })),
      'Alleen kleine letters, cijfers en streepjes.',
      'Only lower-case letters, digits and hyphens.',
    ],
    [
      'an unknown field with a likely one',
      () => messageOf(HOME, (d) => void (d.blocks[0]!.headlin = 'x')),
      'Het veld "headlin" hoort hier niet. Bedoel je "headline"?',
      'The field "headlin" does not belong here. Did you mean "headline"?',
    ],
    [
      'an unknown field',
      () => messageOf(HOME, (d) => void ((d.blocks[0]!.buttons as Obj[])[0]!.somethingElse = 'x')),
      'Het veld "somethingElse" hoort hier niet. Wel mogelijk: label, to, variant, ariaLabel.',
      'The field "somethingElse" does not belong here. These do: label, to, variant, ariaLabel.',
    ],
    [
      'a block type with a typo',
      () => messageOf(HOME, (d) => void (d.blocks[0]!.type = 'hreo')),
      'Er is geen soort blok "hreo". Bedoel je "hero"?',
      'There is no block type "hreo". Did you mean "hero"?',
    ],
    [
      'a wrong $schema line',
      () => messageOf(HOME, (d) => void (d.$schema = '../schemas/page.schema.json')),
      'De regel "$schema" bovenaan moet "../../schemas/page.schema.json" zijn, zodat editors het bestand herkennen.',
      'The "$schema" line at the top must be "../../schemas/page.schema.json", so that editors recognise the file.',
    ],
    [
      'a file that no longer parses',
      () => messageOf(HOME, () => '{ "title": "Home", }'),
      'Het bestand kan niet gelezen worden: een veldnaam staat niet tussen dubbele aanhalingstekens. Maak de laatste wijziging ongedaan of laat een ontwikkelaar het herstellen.',
      'The file cannot be read: a field name is not in double quotes. Undo the last change, or have a developer repair it.',
    ],
    [
      'an image that is not there',
      () => messageOf(HOME, (d) => void ((d.blocks[0]!.image as Obj).src = '/images/nope.webp')),
      'De afbeelding /images/nope.webp bestaat niet (meer). Kies een afbeelding uit de mediabibliotheek of upload er een.',
      'The image /images/nope.webp does not exist (any more). Pick an image from the media library, or upload one.',
    ],
    [
      'a link to a page that is not there',
      () => messageOf(HOME, (d) => void ((d.blocks[0]!.buttons as Obj[])[0]!.to = '/contct')),
      'De link /contct gaat naar een pagina die niet bestaat. Bedoel je "/contact"?',
      'The link /contct goes to a page that does not exist. Did you mean "/contact"?',
    ],
    [
      'a form that is not there',
      () => messageOf(HOME, (d) => void d.blocks.push({ type: 'form', form: 'newsletter' })),
      'Het formulier "newsletter" bestaat niet. Kies een van deze: contact, demo, quote.',
      'The form "newsletter" does not exist. Choose one of these: contact, demo, quote.',
    ],
    [
      'a page file that is not there',
      () => messageOf(CONFIG, (d) => void (d.routes as Obj[]).push({ path: '/over', page: 'kontakt' })),
      'De pagina "kontakt" bestaat niet. Bedoel je "contact"?',
      'The page "kontakt" does not exist. Did you mean "contact"?',
    ],
    [
      'a list of the wrong kind',
      () =>
        messageOf(
          HOME,
          (d) =>
            void d.blocks.push({
              type: 'testimonial-slider',
              header: { heading: 'Kop' },
              collection: 'faq',
              labels: { region: 'a', previous: 'b', next: 'c', goTo: 'd' },
            }),
        ),
      'De lijst "faq" bevat veelgestelde vragen, maar dit blok toont klantverhalen. Kies een andere lijst.',
      'The list "faq" holds frequently asked questions, but this block shows testimonials. Choose another list.',
    ],
    [
      'a second phone number',
      () => messageOf(CONFIG, (d) => void ((d.chat as Obj).phoneNumber = '31612345678')),
      '31612345678 is niet het telefoonnummer van de site (tel:+31623456789). Bellen, WhatsApp en de chat gebruiken één nummer.',
      '31612345678 is not the site’s phone number (tel:+31623456789). Calls, WhatsApp and the chat use one number.',
    ],
    [
      'a city that gives no address',
      () => messageOf(CONFIG, (d) => void (d.landing as { cities: string[] }).cities.push('!!')),
      'Van "!!" kan geen webadres gemaakt worden: gebruik letters of cijfers.',
      '"!!" gives no web address: use letters or digits.',
    ],
    [
      'a city that gives another’s address',
      () => messageOf(CONFIG, (d) => void (d.landing as { cities: string[] }).cities.push('den-haag')),
      '"den-haag" krijgt hetzelfde webadres als "Den Haag": haal er een van weg.',
      '"den-haag" gets the same web address as "Den Haag": remove one of them.',
    ],
    [
      'a service slug used twice',
      () => messageOf(CONFIG, (d) => void ((d.landing as { services: Obj[] }).services[1]!.slug = 'webdesign')),
      'Het adresdeel "webdesign" wordt twee keer gebruikt: elke dienst heeft een eigen nodig.',
      'The address part "webdesign" is used twice: each service needs its own.',
    ],
    [
      'a route used twice',
      () => messageOf(CONFIG, (d) => void (d.routes as Obj[]).push({ path: '/contact', page: 'home' })),
      'Het adres /contact wordt twee keer gebruikt: elke pagina heeft een eigen adres nodig.',
      'The address /contact is used twice: each page needs its own address.',
    ],
    [
      'a page at an address the server keeps',
      () => messageOf(CONFIG, (d) => void (d.routes as Obj[]).push({ path: '/healthz', page: 'contact' })),
      'Het adres /healthz is gereserveerd voor de controle of de site werkt: kies een ander adres.',
      "The address /healthz is reserved for the server's health check: choose another address.",
    ],
    [
      'a page where the build writes the home page',
      () => messageOf(CONFIG, (d) => void (d.routes as Obj[]).push({ path: '/index', page: 'contact' })),
      'Het adres /index is gereserveerd voor de homepage (het bestand index.html): kies een ander adres.',
      'The address /index is reserved for the home page, which the build writes as index.html: choose another address.',
    ],
  ])('%s', (_, message, nl, en) => {
    expect(say(message())).toEqual({ nl, en });
  });

  // problems the base fixture cannot show in one change: each code's params, and the validator's message made from them
  it.each<[string, ProblemData, string, string]>([
    [
      'expected a number <= 20, found number 30',
      { code: 'schema-range', params: { comparison: '<=', limit: 20, found: { kind: 'number', value: 30 } } },
      'Gebruik een getal van hoogstens 20 (nu 30).',
      'Use a number of at most 20 (now 30).',
    ],
    [
      'expected a number > 0, found number 0',
      { code: 'schema-range', params: { comparison: '>', limit: 0, found: { kind: 'number', value: 0 } } },
      'Gebruik een getal groter dan 0 (nu 0).',
      'Use a number greater than 0 (now 0).',
    ],
    [
      'expected a number < 5, found number 5',
      { code: 'schema-range', params: { comparison: '<', limit: 5, found: { kind: 'number', value: 5 } } },
      'Gebruik een getal kleiner dan 5 (nu 5).',
      'Use a number less than 5 (now 5).',
    ],
    [
      'expected "faq", found "vragen"',
      { code: 'schema-const', params: { expected: 'faq', found: { kind: 'text', text: 'vragen' } } },
      'Hier hoort precies "faq".',
      'This must be exactly "faq".',
    ],
    [
      'expected string or null, found boolean true',
      { code: 'schema-type', params: { types: ['string', 'null'], found: { kind: 'boolean', value: true } } },
      'Hier hoort een tekst of niets, niet aan.',
      'This should be text or nothing, not on.',
    ],
    [
      'expected object, found an array of 2',
      { code: 'schema-type', params: { types: ['object'], found: { kind: 'array', items: 2 } } },
      'Hier hoort een groep velden, niet een lijst van 2.',
      'This should be a group of fields, not a list of 2.',
    ],
    [
      'expected array, found null',
      { code: 'schema-type', params: { types: ['array'], found: { kind: 'null' } } },
      'Hier hoort een lijst, niet niets.',
      'This should be a list, not nothing.',
    ],
    [
      'the description of the "SEO" template says nothing ("..."): write a sentence or two; search results and the town\'s overview show it',
      { code: 'description-empty', params: { text: '...', service: 'SEO', template: true } },
      'De beschrijving van SEO zegt niets: schrijf een zin of twee. Zoekmachines en het overzicht van de plaats tonen hem; tot dan laat de pagina hem weg.',
      "The description of SEO says nothing: write a sentence or two. Search results and the place's overview show it; until then the page leaves it out.",
    ],
    [
      'the description of "Hosting" in Bath says nothing ("-"): write a sentence or two; search results and the town\'s overview show it',
      { code: 'description-empty', params: { text: '-', service: 'Hosting', city: 'Bath' } },
      'De beschrijving van Hosting in Bath zegt niets: schrijf een zin of twee. Zoekmachines en het overzicht van de plaats tonen hem; tot dan laat de pagina hem weg.',
      "The description of Hosting in Bath says nothing: write a sentence or two. Search results and the place's overview show it; until then the page leaves it out.",
    ],
    [
      '"breadcrumb" says nothing ("…"): write the words, or leave it out and the pages say it in the site\'s language',
      { code: 'words-empty', params: { key: 'breadcrumb', text: '…' } },
      'Deze tekst zegt niets: schrijf de woorden, of maak het veld leeg, dan staan er de woorden in de taal van de site.',
      'This text says nothing: write the words, or empty the field and the pages use the words of the site’s language.',
    ],
    [
      'the engine has no words of its own in the site\'s language "de", so these are shown in English: breadcrumb, otherCities; write them in landing.labels (titles and descriptions in landing.hubs)',
      { code: 'words-untranslated', params: { lang: 'de', missing: ['breadcrumb', 'otherCities'] } },
      "Een deel van de woorden op de plaatspagina's staat nu in het Engels: voor de taal van de site (de) zijn geen eigen woorden ingebouwd. Vul de teksten van de plaatspagina's en de overzichten zelf in.",
      "Some words on the place pages are shown in English: there are no built-in words for the site's language (de). Fill in the texts of the place pages and the overviews yourself.",
    ],
    [
      'expected at least 3 items, found 1',
      { code: 'schema-too-few', params: { limit: 3, count: 1 } },
      'Deze lijst heeft er minstens 3 nodig (nu 1).',
      'This list needs at least 3 (now 1).',
    ],
    [
      'expected a valid uri, found "x"',
      { code: 'schema-format', params: { format: 'uri', found: { kind: 'text', text: 'x' } } },
      'Vul een volledig webadres in, beginnend met https://.',
      'Enter a full web address, starting with https://.',
    ],
    [
      'expected a valid date, found "x"',
      { code: 'schema-format', params: { format: 'date', found: { kind: 'text', text: 'x' } } },
      'Vul een datum in als 2025-01-31 (jaar-maand-dag).',
      'Enter a date such as 2025-01-31 (year-month-day).',
    ],
    [
      'expected a valid ipv4, found "x"',
      { code: 'schema-format', params: { format: 'ipv4', found: { kind: 'text', text: 'x' } } },
      'Dit is geen geldige waarde van de soort ipv4.',
      'This is not a valid ipv4.',
    ],
    [
      'expected text matching ^https://, found "www.x.nl"',
      { code: 'schema-pattern', params: { pattern: '^https://', found: { kind: 'text', text: 'www.x.nl' } } },
      'Een webadres beginnend met https://.',
      'A web address starting with https://.',
    ],
    [
      'expected text matching ^x+$, found "y"',
      { code: 'schema-pattern', params: { pattern: '^x+$', found: { kind: 'text', text: 'y' } } },
      'Deze tekst heeft niet de vorm die dit veld vraagt.',
      'This text is not in the form this field needs.',
    ],
    [
      'expected a thing of its own kind, found "y"',
      { code: 'schema-pattern', params: { pattern: '^x+$', hint: 'a thing of its own kind', found: { kind: 'text', text: 'y' } } },
      'Dit veld verwacht: a thing of its own kind.',
      'This field expects a thing of its own kind.',
    ],
    [
      'unknown key "x"; no keys are allowed here',
      { code: 'schema-unknown-key', params: { key: 'x', allowed: [] } },
      'Het veld "x" hoort hier niet. Hier horen geen velden.',
      'The field "x" does not belong here. No fields belong here.',
    ],
    [
      'missing required key "kind" (the collection kind)',
      { code: 'schema-kind-missing', params: { tag: 'kind', kind: 'collection kind' } },
      'Kies een soort lijst.',
      'Choose a kind of list.',
    ],
    [
      'unknown field type "slider"; known: text, textarea, checkboxes',
      { code: 'schema-kind-unknown', params: { tag: 'type', kind: 'field type', value: 'slider', known: ['text', 'textarea', 'checkboxes'] } },
      'Er is geen soort veld "slider". Kies een van deze: text, textarea, checkboxes.',
      'There is no field type "slider". Choose one of these: text, textarea, checkboxes.',
    ],
    [
      'unknown value of "type" "x"; known: ',
      { code: 'schema-kind-unknown', params: { tag: 'type', value: 'x', known: [] } },
      'Er is geen waarde "x".',
      'There is no value "x".',
    ],
    [
      'collection "vragen" not found in content/collections/',
      { code: 'reference-missing', params: { what: 'collection', id: 'vragen', dir: 'content/collections', known: [] } },
      'De lijst "vragen" bestaat niet.',
      'The list "vragen" does not exist.',
    ],
    ['file not found', { code: 'file-missing', params: {} }, 'Dit bestand ontbreekt.', 'This file is missing.'],
    [
      `the service overview of "API" would be at "/api", which is reserved for the server's forms and mail; change the service's slug or the service overviews' path`,
      { code: 'service-hub-reserved', params: { service: 'API', path: '/api', owner: "the server's forms and mail" } },
      'Het overzicht van de dienst "API" zou op /api komen, maar dat adres is gereserveerd voor de formulieren en e-mail van de site: kies een ander adresdeel voor deze dienst of een ander adres voor de overzichten van diensten.',
      `The overview of the service "API" would be at /api, but that address is reserved for the server's forms and mail: choose another address part for this service, or another address for the service overviews.`,
    ],
    [
      `the city overview of "Healthz" would be at "/healthz", which is reserved for the server's health check; change the city overviews' path`,
      { code: 'city-hub-reserved', params: { city: 'Healthz', path: '/healthz', owner: "the server's health check" } },
      'Het overzicht van "Healthz" zou op /healthz komen, maar dat adres is gereserveerd voor de controle of de site werkt: kies een ander adres voor de overzichten van plaatsen.',
      `The overview of "Healthz" would be at /healthz, but that address is reserved for the server's health check: choose another address for the overviews of places.`,
    ],
    [
      `the city overviews' path "/uploads/{slug}" is reserved for the uploaded photos (/uploads and below); choose another path`,
      { code: 'hubs-path-reserved', params: { hub: 'city', template: '/uploads/{slug}', owner: 'the uploaded photos', reservedPath: '/uploads', below: true } },
      "De overzichten van plaatsen komen onder /uploads, en dat is gereserveerd voor de geüploade foto's: kies een ander adres voor deze overzichten.",
      'The overviews of places would be under /uploads, which is reserved for the uploaded photos: choose another address for these overviews.',
    ],
    [
      `the landing page of "Amersfoort" x "SEO" would be at "/seo-amersfoort", which is reserved for the studio; change the service's slug`,
      { code: 'landing-reserved', params: { city: 'Amersfoort', service: 'SEO', path: '/seo-amersfoort', owner: 'the studio' } },
      'De landingspagina van SEO in Amersfoort zou op /seo-amersfoort komen, maar dat adres is gereserveerd voor de studio: kies een ander adresdeel voor deze dienst.',
      'The landing page of SEO in Amersfoort would be at /seo-amersfoort, but that address is reserved for the studio: choose another address part for this service.',
    ],
    [
      'schema cannot be compiled: strict mode: unknown keyword',
      { code: 'schema-broken', params: { schema: 'page.schema.json', error: 'strict mode: unknown keyword' } },
      'Bij het controleren ging iets mis. Dat ligt niet aan jou: meld het aan een ontwikkelaar.',
      'Something went wrong while checking. It is not your doing: please tell a developer.',
    ],
    [
      'internal error while running the rule "links-resolve": this is a bug in the validator, not necessarily in this file; please report it (x is undefined)',
      { code: 'internal-error', params: { during: 'running the rule "links-resolve"', detail: 'x is undefined' } },
      'Bij het controleren ging iets mis. Dat ligt niet aan jou: meld het aan een ontwikkelaar.',
      'Something went wrong while checking. It is not your doing: please tell a developer.',
    ],
    [
      'must NOT have duplicate items (items ## 1 and 0 are identical)',
      { code: 'schema-other', params: { keyword: 'uniqueItems', text: 'must NOT have duplicate items (items ## 1 and 0 are identical)' } },
      'Deze waarde klopt niet (must NOT have duplicate items (items ## 1 and 0 are identical)).',
      'This value is not right (must NOT have duplicate items (items ## 1 and 0 are identical)).',
    ],
  ])('%s', (message, problem, nl, en) => {
    expect(problemMessage(problem)).toBe(message);
    expect(say(problem)).toEqual({ nl, en });
  });

  it('says every problem of the broken fixtures in its own words (none falls back to the validator’s)', () => {
    const problems = brokenProblems();
    expect(problems.length).toBeGreaterThan(30);
    for (const lang of ['nl', 'en']) {
      const unread = problems.filter((problem) => isFallback(plainProblem(problem, lang), lang)).map((p) => p.message);
      expect(unread).toEqual([]);
    }
  });

  it('has words in Dutch and in English for every code of the validator', () => {
    for (const code of PROBLEM_CODES) {
      expect(Object.hasOwn(SAMPLE_PARAMS, code), `no sample params for ${code}: add them to plain-problems.samples.testing.ts`).toBe(true);
      const problem = { code, params: SAMPLE_PARAMS[code] } as ProblemData;
      for (const lang of ['nl', 'en']) {
        const plain = plainProblem(problem, lang);
        expect(plain, `${code} in ${lang}`).not.toBe('');
        // schema-other is a keyword no sentence is written for: the validator's own words are all there is
        if (code !== 'schema-other') expect(isFallback(plain, lang), `${code} has no words in ${lang}: ${plain}`).toBe(false);
      }
    }
  });

  it('says a problem in the same words whatever its message says: the studio reads its code and params', () => {
    const problems = [
      ...brokenProblems(),
      ...PROBLEM_CODES.map(
        (code) =>
          ({ code, params: SAMPLE_PARAMS[code], message: problemMessage({ code, params: SAMPLE_PARAMS[code] } as ProblemData) }) as ProblemData & {
            message: string;
          },
      ),
    ];
    for (const problem of problems) {
      // as the dev server's API sends it: JSON, with another message
      const reworded = JSON.parse(
        JSON.stringify({ ...problem, message: 'Worded anew: nothing here is what the validator wrote, "x", 42, /contact.' }),
      ) as ProblemData;
      expect(say(reworded), problem.code).toEqual(say(problem));
    }
  });

  it('says the landing guard’s warnings of a copied city in plain words, naming the pages and the city to fix', () => {
    const dir = siteWithCopiedCity();
    try {
      const loaded = validateSite({ roots: [dir], schemaDir: join(paths.root, 'schemas') }).site!;
      const { warnings } = guardLanding(loaded);
      const alike = warnings.find((w) => w.code === 'landing-alike' && w.path === '/web-design-bath')!;
      const thin = warnings.find((w) => w.code === 'landing-thin' && w.path === '/web-design-bath')!;
      expect(plainProblem(alike, 'nl')).toMatch(
        /^De pagina \/web-design-bath lijkt voor \d+% op \/web-design-bristol \(hoogstens 60%\): .* Geef Bath meer eigen tekst/,
      );
      expect(plainProblem(thin, 'en')).toMatch(
        /^The page \/web-design-bath has \d+ words of its own \(at least 150\): a thin page\. Give Bath more text of its own\.$/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names in Dutch whose every reserved address is, and says why an address typed in the studio is one', () => {
    const nl = problemTexts('nl');
    for (const { owner } of RESERVED_ROUTES) expect(nl.owner(owner), owner).not.toBe(nl.owner('someone new'));
    expect(reservedRouteText('/API/', 'nl')).toBe('Het adres /API/ is gereserveerd voor de formulieren en e-mail van de site: kies een ander adres.');
    expect(reservedRouteText('/api/forms', 'nl')).toBe(
      'Het adres /api/forms valt onder /api, en dat is gereserveerd voor de formulieren en e-mail van de site: kies een ander adres.',
    );
    expect(reservedRouteText('/api-koppelingen', 'nl')).toBeUndefined();
  });

  it('speaks Dutch for nl and its regions, English otherwise', () => {
    const problem: ProblemData = { code: 'schema-required', params: { key: 'headline' } };
    expect(plainProblem(problem, 'nl-BE')).toBe('Vul dit veld in.');
    expect(plainProblem(problem, 'de')).toBe('This field is required.');
  });
});
