import { inLanguage } from '../../../core/text/language.ts';

/** Every text of the media library, in the site's language (its `lang`): Dutch and English. */
export interface MediaTexts {
  open: string;
  title: string;
  close: string;
  intro: string;
  drop: string;
  dropping: string;
  choose: string;
  uploading: (name: string) => string;
  uploaded: (name: string, src: string) => string;
  tooBig: (name: string, mb: number) => string;
  notImage: (name: string) => string;
  failed: (name: string, message: string) => string;
  loading: string;
  none: string;
  pixels: (width: number, height: number) => string;
  unused: string;
  usedOn: string;
  siteSettings: string;
  collection: (name: string, pages: string[]) => string;
  alt: string;
  replace: string;
  replaceOn: (where: string) => string;
  replaced: (name: string, where: string) => string;
  removeShort: string;
  remove: (name: string) => string;
  confirm: (name: string) => string;
  yes: string;
  no: string;
  removed: (name: string) => string;
  inUse: (name: string, where: string) => string;
}

/** The texts, and the names of the site's files as the rest of the studio says them ("Home", "Veelgestelde vragen"). */
export type MediaWords = MediaTexts & { nameOf: (path: string) => string };

const nl: MediaTexts = {
  open: 'Media',
  title: 'Afbeeldingen',
  close: 'Sluiten',
  intro:
    'Alle afbeeldingen van de site, met waar ze staan. De alt-tekst beschrijft een afbeelding voor wie haar niet ziet; laat hem leeg als de afbeelding alleen versiert.',
  drop: 'Sleep afbeeldingen hierheen',
  dropping: 'Laat los om te uploaden',
  choose: 'Kies bestanden',
  uploading: (name) => `${name} wordt geüpload…`,
  uploaded: (name, src) => `${name} is toegevoegd als ${src}.`,
  tooBig: (name, mb) => `${name} is niet geüpload: het bestand is groter dan ${mb} MB.`,
  notImage: (name) => `${name} is niet geüpload: het is geen afbeelding (JPEG, PNG, WebP, GIF of AVIF).`,
  failed: (name, message) => `${name} is niet geüpload: ${message}`,
  loading: 'Afbeeldingen laden…',
  none: 'De site heeft nog geen afbeeldingen.',
  pixels: (width, height) => `${width} × ${height} pixels`,
  unused: 'Nergens gebruikt',
  usedOn: 'Gebruikt op',
  siteSettings: 'Site-instellingen',
  collection: (name, pages) => `Lijst ‘${name}’, ${pages.length ? `getoond op ${pages.join(', ')}` : 'op geen enkele pagina getoond'}`,
  alt: 'Alt-tekst',
  replace: 'Andere afbeelding',
  replaceOn: (where) => `Andere afbeelding op ${where}`,
  replaced: (name, where) => `${name} staat nu op ${where}. De oude alt-tekst is weggehaald: schrijf wat er op de nieuwe afbeelding staat.`,
  removeShort: 'Verwijderen',
  remove: (name) => `${name} verwijderen`,
  confirm: (name) => `${name} echt verwijderen? Dit kan niet ongedaan worden gemaakt.`,
  yes: 'Ja, verwijderen',
  no: 'Nee, houden',
  removed: (name) => `${name} is verwijderd.`,
  inUse: (name, where) => `${name} kan niet weg: het staat op ${where}.`,
};

const en: MediaTexts = {
  open: 'Media',
  title: 'Images',
  close: 'Close',
  intro:
    'Every image of the site, with where it is used. The alt text describes an image for those who cannot see it; leave it empty when the image is only decoration.',
  drop: 'Drag images here',
  dropping: 'Let go to upload',
  choose: 'Choose files',
  uploading: (name) => `Uploading ${name}…`,
  uploaded: (name, src) => `${name} was added as ${src}.`,
  tooBig: (name, mb) => `${name} was not uploaded: the file is larger than ${mb} MB.`,
  notImage: (name) => `${name} was not uploaded: it is not an image (JPEG, PNG, WebP, GIF or AVIF).`,
  failed: (name, message) => `${name} was not uploaded: ${message}`,
  loading: 'Loading the images…',
  none: 'The site has no images yet.',
  pixels: (width, height) => `${width} × ${height} pixels`,
  unused: 'Not used anywhere',
  usedOn: 'Used on',
  siteSettings: 'Site settings',
  collection: (name, pages) => `List ‘${name}’, ${pages.length ? `shown on ${pages.join(', ')}` : 'shown on no page'}`,
  alt: 'Alt text',
  replace: 'Replace image',
  replaceOn: (where) => `Replace the image on ${where}`,
  replaced: (name, where) => `${name} is now on ${where}. The old alt text was taken away: write what the new image shows.`,
  removeShort: 'Delete',
  remove: (name) => `Delete ${name}`,
  confirm: (name) => `Really delete ${name}? This cannot be undone.`,
  yes: 'Yes, delete',
  no: 'No, keep it',
  removed: (name) => `${name} was deleted.`,
  inUse: (name, where) => `${name} cannot be deleted: it is used on ${where}.`,
};

/** The texts for a site's language (`nl`, `nl-BE`, `en-GB`, ...); English for any other. */
export const mediaTexts = (lang: string | undefined): MediaTexts => inLanguage(lang, { nl, en });
