/**
 * What the preview's own controls say, in the site's language (its config's `lang`): Dutch and English. One entry
 * per language, with the same keys; a language the studio does not speak gets English.
 */
const nl = {
  region: 'Voorbeeld',
  desktop: 'Computer',
  phone: 'Telefoon',
  /** the toggle of the phone's preview (a button that is pressed while the phone shows) */
  showPhone: 'Telefoon tonen',
  showPhoneHint: 'Laat de pagina ook zien zoals een telefoon hem toont. Zonder telefoon krijgt de computer meer ruimte.',
  /** a frame's accessible name: the device and the page's address */
  frame: (device: string, route: string) => `${device}: voorbeeld van ${route}`,
};

export type PreviewTexts = typeof nl;

const en: PreviewTexts = {
  region: 'Preview',
  desktop: 'Desktop',
  phone: 'Phone',
  showPhone: 'Show phone',
  showPhoneHint: 'Also shows the page as a phone shows it. Without the phone the desktop gets more room.',
  frame: (device: string, route: string) => `${device}: preview of ${route}`,
};

const catalogs: Record<string, PreviewTexts> = { nl, en };

/** The texts for a site's language (`nl`, `nl-BE`, `en-GB`, ...). */
export function previewTexts(lang: string | undefined): PreviewTexts {
  return catalogs[(lang ?? '').toLowerCase().split('-')[0]!] ?? en;
}
