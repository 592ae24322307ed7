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
