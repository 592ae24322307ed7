/* Generated from schemas/ by `npm run gen:types`. Do not edit: change the schema and run it again. */

/**
 * Path of a file in public/, starting with /.
 */
export type ImagePath = string;
/**
 * An internal route path ("/contact", checked against the routes), an external https:// URL, or a tel:, mailto: or #anchor link.
 */
export type Href = string;
/**
 * Path of a file in public/, starting with /.
 */
export type ImagePath1 = string;
/**
 * One block of a page, chosen by its type.
 */
export type Block = HeroBlock | TextBlock | CtaBlock | LinkListBlock | RichTextBlock | FormBlock;

export interface SchemaRoots {
  site?: SiteConfig;
  page?: Page;
  block?: Block;
}
/**
 * Site-wide settings: brand, contact, theme, navigation, footer, SEO, routes, landing pages, chat and integrations.
 */
export interface SiteConfig {
  $schema: string;
  /**
   * Language of every page, as in <html lang>.
   */
  lang: string;
  brand: Brand;
  contact: Contact;
  theme: Theme;
  seo: Seo;
  navigation: Navigation;
  footer: Footer;
  splash: Splash;
  /**
   * Every page of the site: its path and its file in content/pages/.
   *
   * @minItems 1
   */
  routes: RouteEntry[];
  landing: LandingConfig;
  chat: ChatConfig;
  integrations: Integrations;
  messages: EngineMessages;
}
export interface Brand {
  name: string;
  shortName?: string;
  tagline?: string;
  logo?: Image;
}
export interface Image {
  src: ImagePath;
  /**
   * Text for screen readers; empty for a decorative image.
   */
  alt: string;
  width: number;
  height: number;
}
export interface Contact {
  /**
   * Phone number as shown.
   */
  phone: string;
  phoneHref: string;
  email: string;
  whatsapp: string;
  /**
   * Text pre-filled in WhatsApp click-to-chat.
   */
  whatsappText?: string;
  city?: string;
  hours?: string;
}
export interface Theme {
  colors: ThemeColors;
  radius: string;
  /**
   * CSS font-family list.
   */
  font: string;
  headingFont?: string;
}
export interface ThemeColors {
  primary: string;
  primaryContrast: string;
  accent: string;
  accentContrast: string;
  text: string;
  muted: string;
  background: string;
  surface: string;
  border: string;
  dark: string;
}
export interface Seo {
  siteUrl: string;
  siteName: string;
  titleTemplate: string;
  defaultDescription: string;
  image: ImagePath;
  themeColor: string;
  organization: Organization;
}
export interface Organization {
  name: string;
  legalName?: string;
  logo?: ImagePath;
  locality?: string;
  country: string;
  sameAs?: string[];
}
export interface Navigation {
  /**
   * @minItems 1
   */
  links: Link[];
  /**
   * @maxItems 2
   */
  ctas: ButtonLink[];
  labels: NavigationLabels;
}
export interface Link {
  label: string;
  to: Href;
  /**
   * Accessible name when the label alone is not clear.
   */
  ariaLabel?: string;
}
export interface ButtonLink {
  label: string;
  to: Href;
  variant?: 'primary' | 'secondary' | 'accent' | 'ghost';
  ariaLabel?: string;
}
export interface NavigationLabels {
  openMenu: string;
  closeMenu: string;
  mainNav: string;
  home: string;
  skipToContent: string;
}
export interface Footer {
  about: string;
  headings: FooterHeadings;
  links: Link[];
  legalLinks?: Link[];
  social: SocialLink[];
  whatsappLabel?: string;
  cta: ButtonLink;
  /**
   * Copyright line; {year} is not filled in, write the year.
   */
  copyright: string;
}
export interface FooterHeadings {
  navigation: string;
  contact: string;
  social: string;
}
export interface SocialLink {
  network: 'facebook' | 'instagram' | 'linkedin' | 'x' | 'youtube' | 'tiktok';
  label: string;
  href: string;
}
export interface Splash {
  enabled: boolean;
  /**
   * Splash starts fading in after this many ms.
   */
  fadeInDelayMs: number;
  /**
   * Splash starts fading out at this many ms.
   */
  durationMs: number;
  fadeOutMs: number;
  pageFadeInMs: number;
}
export interface RouteEntry {
  path: string;
  /**
   * File name (without .json) in content/pages/.
   */
  page: string;
}
export interface LandingConfig {
  /**
   * City names; each one adds a landing page per service.
   */
  cities: string[];
  services: LandingService[];
  redirectTo: Href;
  redirectDelayMs: number;
  /**
   * Template: {city} and {service} are filled in.
   */
  heading: string;
  message: string;
  linkText: string;
}
export interface LandingService {
  /**
   * First part of the path: /{slug}-{city}.
   */
  slug: string;
  name: string;
  /**
   * Page title template: {city} and {service} are filled in.
   */
  title: string;
  /**
   * Meta description template: {city} and {service} are filled in.
   */
  description: string;
}
/**
 * Floating chat widget that forwards a typed message to WhatsApp.
 */
export interface ChatConfig {
  enabled: boolean;
  phoneNumber: string;
  accountName: string;
  avatar: Image;
  statusMessage: string;
  /**
   * Greeting shown after the typing dots.
   */
  chatMessage: string;
  placeholder: string;
  theme?: 'light' | 'dark';
  allowClickAway?: boolean;
  allowEsc?: boolean;
  notification?: boolean;
  /**
   * Seconds between notification badges; under 10 disables them.
   */
  notificationDelay?: number;
  notificationSound?: boolean;
  /**
   * Path of a sound file in public/, fetched only when the sound plays.
   */
  notificationSoundSrc?: string;
  /**
   * How many badges at most; 0 repeats forever.
   */
  notificationLoop?: number;
  position?: 'bottom-right' | 'bottom-left';
  /**
   * Seconds of typing dots before the greeting.
   */
  messageDelay?: number;
  chatboxHeight?: number;
  timeFormat?: 'HH:mm';
  labels: ChatLabels;
}
/**
 * Accessible names and hidden texts of the widget.
 */
export interface ChatLabels {
  open: string;
  close: string;
  send: string;
  dialog: string;
  notification: string;
  /**
   * Label of the message input (read by screen readers).
   */
  message: string;
  /**
   * Announced while the typing dots show.
   */
  typing: string;
}
export interface Integrations {
  emailjs?: EmailJsConfig;
  imageHost?: ImageHostConfig;
  /**
   * Endpoint used when the contact mail fails.
   */
  contactFallbackUrl?: string;
}
export interface EmailJsConfig {
  /**
   * Overridden by VITE_EMAILJS_PUBLIC_KEY.
   */
  publicKey: string;
  /**
   * Overridden by VITE_EMAILJS_SERVICE_ID.
   */
  serviceId: string;
  /**
   * API origin; overridden by VITE_EMAILJS_ORIGIN.
   */
  origin: string;
  toEmail: string;
  blockHeadless?: boolean;
  throttleMs?: number;
}
export interface ImageHostConfig {
  /**
   * Overridden by VITE_IMAGE_HOST_URL.
   */
  baseUrl: string;
  /**
   * Overridden by VITE_IMAGE_HOST_CLIENT_ID.
   */
  clientId: string;
}
/**
 * Texts the engine shows itself.
 */
export interface EngineMessages {
  loading: string;
}
/**
 * One page: its head metadata and an ordered list of blocks.
 */
export interface Page {
  $schema: string;
  /**
   * Browser tab and search result title (before the site's title template).
   */
  title: string;
  /**
   * Meta description for search results and social cards.
   */
  description: string;
  image?: ImagePath1;
  noindex?: boolean;
  /**
   * @minItems 1
   */
  blocks: Block[];
}
/**
 * Opening section of a page: headline, intro, buttons and an optional illustration.
 */
export interface HeroBlock {
  type: 'hero';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  /**
   * home: large split layout; page: compact page header.
   */
  variant?: 'home' | 'page';
  /**
   * Small line above the headline.
   */
  eyebrow?: string;
  headline: string;
  intro?: string;
  /**
   * @maxItems 3
   */
  buttons?: ButtonLink[];
  /**
   * Short claims shown with a check mark.
   *
   * @maxItems 4
   */
  highlights?: string[];
  image?: Image;
  mobileImage?: Image1;
}
/**
 * Image for phone widths; falls back to image.
 */
export interface Image1 {
  src: ImagePath;
  /**
   * Text for screen readers; empty for a decorative image.
   */
  alt: string;
  width: number;
  height: number;
}
/**
 * A heading with one or more paragraphs.
 */
export interface TextBlock {
  type: 'text';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  eyebrow?: string;
  heading?: string;
  /**
   * @minItems 1
   */
  paragraphs: string[];
  align?: 'left' | 'center';
}
/**
 * Call-to-action band: heading, text and buttons.
 */
export interface CtaBlock {
  type: 'cta';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  heading: string;
  text?: string;
  /**
   * Small print under the buttons.
   */
  note?: string;
  /**
   * @minItems 1
   * @maxItems 3
   */
  buttons: ButtonLink[];
}
/**
 * A titled list of links, such as related services.
 */
export interface LinkListBlock {
  type: 'link-list';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  heading?: string;
  intro?: string;
  /**
   * @minItems 1
   */
  links: LinkListItem[];
}
export interface LinkListItem {
  label: string;
  to: Href;
  description?: string;
}
/**
 * Long text as structured nodes (no HTML): headings, paragraphs and lists.
 */
export interface RichTextBlock {
  type: 'rich-text';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  /**
   * Small line above the text, such as a last-updated date.
   */
  meta?: string;
  /**
   * @minItems 1
   */
  content: RichTextNode[];
}
export interface RichTextNode {
  h2?: string;
  h3?: string;
  p?: string;
  ul?: string[];
  ol?: string[];
}
/**
 * Renders a form defined in content/forms/<form>.json.
 */
export interface FormBlock {
  type: 'form';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  /**
   * File name (without .json) of a form in content/forms/.
   */
  form: string;
}
