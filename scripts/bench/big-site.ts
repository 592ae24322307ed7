import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { paths } from '../../core/paths.ts';

const towns =
  `Aalsmeer Alkmaar Almelo Almere Alphen Amstelveen Apeldoorn Arnhem Assen Baarn Barendrecht Barneveld Bergen Best Beverwijk Bilthoven Bodegraven Borne Boxtel Breda Brummen Bunnik Bussum Capelle Castricum Coevorden Culemborg Dalfsen Delft Deventer Didam Doetinchem Dongen Dordrecht Drachten Dronten Druten Duiven Ede Eindhoven Elburg Emmen Enschede Epe Ermelo Goes Gorinchem Gouda Groningen Haarlem Harderwijk Hardenberg Harlingen Heerenveen Heerhugowaard Heerlen Helmond Hengelo Heusden Hoorn Houten Huizen IJsselstein Kampen Katwijk Kerkrade Laren Leerdam Leeuwarden Leiden Leusden Lelystad Lisse Maarssen Maastricht Meppel Middelburg Montfoort Naarden Nieuwegein Nijkerk Nijmegen Noordwijk Nunspeet Oldenzaal Oss Oosterhout Purmerend Putten Renkum Rhenen Rijswijk Roermond Roosendaal Rotterdam Schagen Schiedam Sneek Someren Spijkenisse Steenwijk Tiel Tilburg Uden Urk Vaals Veendam Veenendaal Veghel Veldhoven Venlo Venray Vianen Vlaardingen Vlissingen Voorschoten Waalwijk Wageningen Weert Weesp Wijchen Winterswijk Woerden Zaandam Zeist Zevenaar Zutphen Zwolle Woudenberg Nijverdal Ommen Raalte Rijssen Staphorst`.split(
    /\s+/,
  );

/** Town names, then their quarters ("Almere Noord"), then numbered ones: as many distinct names as asked for. */
function townNames(count: number): string[] {
  const names = [...towns];
  for (const quarter of ['Noord', 'Zuid', 'Oost', 'West', 'Centrum']) names.push(...towns.map((t) => `${t} ${quarter}`));
  for (let n = 2; names.length < count; n++) names.push(...towns.map((t) => `${t} ${n}`));
  return names;
}

/** A copy of the real site with `count` cities (125 x 8 services = 1,000 landing pages), its content and public files copied. */
export function makeBigSite(count: number): { root: string; cleanup: () => void } {
  const site = JSON.parse(readFileSync(join(paths.root, 'site.config.json'), 'utf8')) as { landing: { cities: string[] } };
  const existing = new Set(site.landing.cities);
  const extra = townNames(count).filter((t) => !existing.has(t));
  site.landing.cities = [...site.landing.cities, ...extra].slice(0, count);
  if (site.landing.cities.length < count) throw new Error(`only ${site.landing.cities.length} town names available`);
  const root = join(tmpdir(), `big-site-${count}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'site.config.json'), JSON.stringify(site, null, 2));
  // a copy: the benchmark edits a page of it for the incremental build
  cpSync(join(paths.root, 'content'), join(root, 'content'), { recursive: true });
  cpSync(join(paths.root, 'public'), join(root, 'public'), { recursive: true });
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

interface CityData {
  city: string;
  address?: unknown;
  [field: string]: unknown;
}

/**
 * The content landing variant: a copy of the content landing fixture (two content services, one redirecting, hubs
 * per service and per town) with `count` towns. Each town's data is one of the fixture's towns with its name put in
 * (the office's address left out), so every page is a full page of blocks: per town three landing pages and a hub.
 * 2,500 towns make 10,000 pages.
 */
export function makeBigContentSite(count: number): { root: string; cleanup: () => void } {
  const fixture = join(paths.root, 'tests/fixtures/content-landing');
  const root = join(tmpdir(), `big-content-site-${count}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  cpSync(join(fixture, 'content'), join(root, 'content'), { recursive: true });
  cpSync(join(fixture, 'public'), join(root, 'public'), { recursive: true });
  const site = JSON.parse(readFileSync(join(fixture, 'site.config.json'), 'utf8')) as { landing: { cities: string[] } };
  const dataFile = join(root, 'content/collections/cities.json');
  const data = JSON.parse(readFileSync(dataFile, 'utf8')) as { items: CityData[] };
  const models = data.items;
  const names = [...models.map((m) => m.city), ...townNames(count)].slice(0, count);
  data.items = names.map((name, i) => {
    const model = models[i % models.length]!;
    if (i < models.length) return model;
    const { address: _office, ...copy } = JSON.parse(JSON.stringify(model).replaceAll(model.city, name)) as CityData;
    return copy;
  });
  site.landing.cities = names;
  writeFileSync(join(root, 'site.config.json'), JSON.stringify(site, null, 2));
  writeFileSync(dataFile, JSON.stringify(data, null, 2));
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
