/* Generated from schemas/ by `npm run gen:types`. Do not edit: change the schema and run it again. */

/**
 * Path of a file in public/, starting with /.
 */
export type ImagePath = string;
/**
 * An internal route path ("/contact", checked against the routes), an external https:// URL, or a tel:, mailto: or #anchor link.
 */
export type Href = string;
export type LandingService = {
  /**
   * First part of the path: /{slug}-{city}.
   */
  slug: string;
  name: string;
  /**
   * Page title template of a redirecting landing page: {city} and {service} are filled in. A content landing page takes its title from its template page.
   */
  title?: string;
  /**
   * Meta description template of a redirecting landing page: {city} and {service} are filled in.
   */
  description?: string;
  /**
   * redirect: a short page that forwards visitors to redirectTo (a doorway page by Google's definition). content: a real page of blocks from the template page, filled in per city, indexable.
   */
  kind?: 'redirect' | 'content';
  /**
   * Content landing service: file name (without .json) in content/pages/ of the template page; its texts may use {city}, {service} and every field of the city data.
   */
  page?: string;
};
export type Tag = MetaPixelTag | GoogleTag;
/**
 * Path of a file in public/, starting with /.
 */
export type ImagePath1 = string;
/**
 * One block of a page, chosen by its type.
 */
export type Block =
  | HeroBlock
  | TextBlock
  | CtaBlock
  | LinkListBlock
  | RichTextBlock
  | FormBlock
  | ServicesOverviewBlock
  | FeatureRowsBlock
  | ValuesBlock
  | FaqBlock
  | TestimonialCarouselBlock
  | TestimonialSliderBlock
  | PortfolioMockupBlock
  | PortfolioGridBlock
  | DemoCarouselBlock
  | MarketingServicesBlock
  | ResultsBlock;
/**
 * Name of a built-in line icon (src/ui/icons.tsx).
 */
export type IconName =
  | 'check'
  | 'arrow'
  | 'phone'
  | 'mail'
  | 'chat'
  | 'external'
  | 'star'
  | 'code'
  | 'chart'
  | 'rocket'
  | 'bulb'
  | 'heart'
  | 'award'
  | 'search'
  | 'target'
  | 'megaphone'
  | 'users'
  | 'shield'
  | 'clock'
  | 'zap'
  | 'smartphone'
  | 'cart'
  | 'layout'
  | 'bolt'
  | 'home'
  | 'car'
  | 'sparkle'
  | 'scissors'
  | 'wrench'
  | 'key'
  | 'brush'
  | 'mirror'
  | 'trending';
/**
 * A shared list in content/collections/, chosen by its kind.
 */
export type Collection = FaqCollection | TestimonialsCollection | PortfolioCollection | MarketingServicesCollection | CitiesCollection;
/**
 * One field of a form, chosen by its type.
 */
export type FormField = InputField | TextareaField | CheckboxesField | HiddenField | ImagesField;

export interface SchemaRoots {
  site?: SiteConfig;
  page?: Page;
  block?: Block;
  collection?: Collection;
  form?: FormConfig;
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
  whatsappLabel: string;
  cta: ButtonLink;
  /**
   * Copyright line; {year} is not filled in, write the year.
   */
  copyright: string;
  /**
   * Added for screen readers to links that open in a new tab, such as "(opent in een nieuw tabblad)".
   */
  newTabHint: string;
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
  /**
   * Shown instead of forwarding in the dev server and with ?preview, so staff can look at a landing page.
   */
  previewNotice?: string;
  /**
   * Collection (kind cities) with each city's own data for content landing pages: intro, region, nearby places, coordinates, a local FAQ, overrides per service.
   */
  cityData?: string;
  hubs?: LandingHubs;
  labels?: LandingLabels;
  /**
   * Give redirecting landing pages noindex and leave them out of the sitemap (they are doorway pages by Google's definition). Off keeps them indexable.
   */
  noindexRedirects?: boolean;
  guard?: LandingGuard;
}
/**
 * Overview pages: one per service (all its cities) and one per city (every landing page of that city), linked from every content landing page. A title or description left out is said in the site's language.
 */
export interface LandingHubs {
  /**
   * Address of a service's overview; {slug} is the service's slug, such as /services/{slug}.
   */
  servicePath: string;
  /**
   * Address of a city's overview; {slug} is the city's slug, such as /areas/{slug}.
   */
  cityPath: string;
  /**
   * Title and heading of a service's overview; {service} is filled in. Left out: the site's language's own words.
   */
  serviceTitle?: string;
  /**
   * Description of a service's overview; {service} is filled in. Left out: the site's language's own words.
   */
  serviceDescription?: string;
  /**
   * Title and heading of a city's overview; {city} is filled in. Left out: the site's language's own words.
   */
  cityTitle?: string;
  /**
   * Description of a city's overview; {city} is filled in. Left out: the site's language's own words.
   */
  cityDescription?: string;
}
/**
 * Texts the engine writes around the blocks of a content landing page and on its hubs: the breadcrumb, the headings above the links to the rest of the matrix, the office's address. Each one left out is said in the site's language (lang: nl or en).
 */
export interface LandingLabels {
  /**
   * Name of the breadcrumb navigation, for screen readers.
   */
  breadcrumb?: string;
  /**
   * Heading above the same service in the other cities; {service} and {city} are filled in.
   */
  otherCities?: string;
  /**
   * Heading above the other services in this city; {service} and {city} are filled in.
   */
  otherServices?: string;
  /**
   * Link to the service's overview; {service} is filled in.
   */
  allCities?: string;
  /**
   * Link to the city's overview; {city} is filled in.
   */
  allServices?: string;
  /**
   * Heading above the office's address on the pages of a city whose data has an address; {city} is filled in.
   */
  office?: string;
}
/**
 * The check for thin and duplicate landing pages in npm run validate.
 */
export interface LandingGuard {
  /**
   * Share of a page's 5-word phrases it may have in common with its closest sibling (0 to 1) before it is reported.
   */
  maxSimilarity?: number;
  /**
   * Words a landing page must have that no other landing page has; fewer is reported as thin.
   */
  minOwnWords?: number;
  /**
   * Make the guard's warnings errors (for CI); CI can also pass --seo-strict.
   */
  failOnWarning?: boolean;
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
  leads?: LeadsConfig;
  /**
   * Marketing and statistics tags, loaded only after the visitor has agreed to their category in the consent banner, which the site shows only when this list has a tag. Each tag's hosts are added to the pages' Content-Security-Policy.
   */
  tags?: Tag[];
}
export interface EmailJsConfig {
  /**
   * local: mail goes to this site's own EmailJS-compatible endpoint and from there to the outbox (SMTP_URL delivers it); emailjs: the real service at origin, with real keys.
   */
  mode?: 'local' | 'emailjs';
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
  /**
   * The only recipient: the local endpoint and SMTP never use the to_email the browser sends. On EmailJS, fix the template's recipient too.
   */
  toEmail: string;
  blockHeadless?: boolean;
  /**
   * Minimum time between two sends from one page (the SDK answers 429 inside it).
   */
  throttleMs?: number;
  blockList?: EmailJsBlockList;
}
/**
 * Refuse to send (403) when the template param watchVariable holds one of these values.
 */
export interface EmailJsBlockList {
  list: string[];
  watchVariable: string;
}
export interface ImageHostConfig {
  /**
   * local: photos go to this site's own Imgur-compatible POST /3/image; imgur: the real host at baseUrl with a real client id.
   */
  mode?: 'local' | 'imgur';
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
 * Every form also records its submission on the site's own server (ignored when the site runs on a static host without it).
 */
export interface LeadsConfig {
  /**
   * Forms POST to {endpoint}/{formId}.
   */
  endpoint?: string;
  /**
   * A form sent sooner after it was shown is stored flagged as spam.
   */
  minFillSeconds?: number;
  /**
   * Every request of a form gives up after this long, so a stalled connection never leaves the button disabled.
   */
  timeoutMs?: number;
}
/**
 * The Meta pixel (marketing): loaded after consent to marketing; it sets the _fbp cookie.
 */
export interface MetaPixelTag {
  type: 'meta-pixel';
  id: string;
}
/**
 * The Google tag (gtag.js) with Consent Mode v2 in its basic form: nothing of Google's loads before consent. A G- id (Google Analytics) counts as statistics, an AW-, DC- or GT- id as marketing.
 */
export interface GoogleTag {
  type: 'google-tag';
  id: string;
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
/**
 * The main services side by side, each with its list of expertise.
 */
export interface ServicesOverviewBlock {
  type: 'services-overview';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header: SectionHeading;
  /**
   * Small heading above each expertise list.
   */
  expertiseLabel?: string;
  /**
   * @minItems 1
   * @maxItems 4
   */
  services: ServiceSummary[];
}
/**
 * Eyebrow, heading and intro shown above a section's content.
 */
export interface SectionHeading {
  eyebrow?: string;
  heading: string;
  intro?: string;
  align?: 'left' | 'center';
}
export interface ServiceSummary {
  icon: IconName;
  title: string;
  text: string;
  /**
   * @minItems 1
   */
  expertise: string[];
  link?: Link;
}
/**
 * Alternating rows of text and image, each with its own buttons.
 */
export interface FeatureRowsBlock {
  type: 'feature-rows';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header?: SectionHeading;
  /**
   * @minItems 1
   */
  rows: FeatureRow[];
}
export interface FeatureRow {
  eyebrow?: string;
  title: string;
  text: string;
  bullets?: string[];
  image: Image;
  /**
   * @maxItems 3
   */
  buttons?: ButtonLink[];
}
/**
 * A dark band with the company's core values.
 */
export interface ValuesBlock {
  type: 'values';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header: SectionHeading;
  /**
   * @minItems 1
   * @maxItems 4
   */
  items: ValueItem[];
}
export interface ValueItem {
  icon: IconName;
  title: string;
  text: string;
}
/**
 * Accordion of questions and answers from a faq collection; at most one answer is open.
 */
export interface FaqBlock {
  type: 'faq';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header: SectionHeading;
  /**
   * File name (without .json) of a collection in content/collections/.
   */
  collection: string;
  aside?: FaqAside;
}
/**
 * Optional card next to the questions, e.g. 'Staat je vraag er niet bij?'.
 */
export interface FaqAside {
  heading: string;
  text?: string;
  button: ButtonLink;
}
/**
 * Shows a window of testimonials from a start index, wrapping around; arrows and dots move the start.
 */
export interface TestimonialCarouselBlock {
  type: 'testimonial-carousel';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header: SectionHeading;
  /**
   * File name (without .json) of a collection in content/collections/.
   */
  collection: string;
  /**
   * How many testimonials show at once.
   */
  visible?: number;
  labels: CarouselLabels;
}
/**
 * Accessible names for a carousel's controls. {n} and {count} are filled in.
 */
export interface CarouselLabels {
  /**
   * Name of the carousel as a region, e.g. 'Klantervaringen'.
   */
  region: string;
  previous: string;
  next: string;
  /**
   * Dot button label; {n} is the position, e.g. 'Ga naar {n}'.
   */
  goTo: string;
  /**
   * Slide label; {n} and {count}, e.g. '{n} van {count}'.
   */
  slide?: string;
  /**
   * Star rating label; {n}, e.g. '{n} van 5 sterren'.
   */
  rating?: string;
  /**
   * Name of the scrollable list of items, e.g. 'Ervaringen van klanten'.
   */
  list?: string;
  /**
   * Short position announced after a move; {first}, {last} and {count}, e.g. 'Ervaring {first} tot {last} van {count}'.
   */
  status?: string;
}
/**
 * One testimonial at a time, moved by hand, wrapping around (Swiper, loaded lazily).
 */
export interface TestimonialSliderBlock {
  type: 'testimonial-slider';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header: SectionHeading;
  /**
   * File name (without .json) of a collection in content/collections/.
   */
  collection: string;
  labels: CarouselLabels;
}
/**
 * A phone mock-up whose list of projects scrolls upward endlessly.
 */
export interface PortfolioMockupBlock {
  type: 'portfolio-mockup';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header: SectionHeading;
  /**
   * File name (without .json) of a collection in content/collections/.
   */
  collection: string;
  /**
   * Claims next to the phone.
   */
  bullets?: string[];
  /**
   * Pixels per animation frame.
   */
  speed?: number;
  /**
   * How often the list is repeated; it resets after one copy's height.
   */
  repeat?: number;
  /**
   * App bar title inside the phone.
   */
  screenTitle?: string;
  /**
   * Accessible name of the project list.
   */
  listLabel?: string;
  button: ButtonLink;
}
/**
 * Cards of client projects; each opens the live client site in a new tab.
 */
export interface PortfolioGridBlock {
  type: 'portfolio-grid';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header?: SectionHeading;
  /**
   * File name (without .json) of a collection in content/collections/.
   */
  collection: string;
  /**
   * Show only the first N items.
   */
  limit?: number;
  /**
   * Link text on each card, e.g. 'Bekijk website'.
   */
  visitLabel: string;
  /**
   * Screen reader hint that the link opens a new tab.
   */
  newTabHint?: string;
}
/**
 * Portfolio carousel that plays by itself and stops for good once the visitor uses an arrow or dot (Swiper, loaded lazily).
 */
export interface DemoCarouselBlock {
  type: 'demo-carousel';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header: SectionHeading;
  /**
   * File name (without .json) of a collection in content/collections/.
   */
  collection: string;
  /**
   * Auto-play interval.
   */
  delayMs?: number;
  labels: CarouselLabels;
  /**
   * Link text to the live site.
   */
  visitLabel?: string;
  /**
   * Screen reader hint that the live-site link opens a new tab.
   */
  newTabHint?: string;
}
/**
 * Cards of marketing services, each with description and features.
 */
export interface MarketingServicesBlock {
  type: 'marketing-services';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header: SectionHeading;
  /**
   * File name (without .json) of a collection in content/collections/.
   */
  collection: string;
  button?: ButtonLink1;
}
/**
 * Button on every card.
 */
export interface ButtonLink1 {
  label: string;
  to: Href;
  variant?: 'primary' | 'secondary' | 'accent' | 'ghost';
  ariaLabel?: string;
}
/**
 * Measurable results: big numbers with labels, plus a row of smaller guarantees.
 */
export interface ResultsBlock {
  type: 'results';
  /**
   * Anchor id for the section (#id links).
   */
  id?: string;
  header: SectionHeading;
  /**
   * @minItems 1
   */
  stats: ResultStat[];
  guarantees?: ResultGuarantee[];
  note?: string;
}
export interface ResultStat {
  value: string;
  label: string;
  text?: string;
  icon?: IconName;
}
export interface ResultGuarantee {
  value: string;
  label: string;
  icon?: IconName;
}
/**
 * Questions and answers for faq blocks.
 */
export interface FaqCollection {
  $schema: string;
  kind: 'faq';
  /**
   * @minItems 1
   */
  items: FaqItem[];
}
export interface FaqItem {
  question: string;
  answer: string;
}
/**
 * Client testimonials for the testimonial blocks.
 */
export interface TestimonialsCollection {
  $schema: string;
  kind: 'testimonials';
  /**
   * @minItems 1
   */
  items: Testimonial[];
}
export interface Testimonial {
  name: string;
  company: string;
  content: string;
  rating: number;
  avatar?: Image;
}
/**
 * Client projects: screenshot, name, live link and a short description.
 */
export interface PortfolioCollection {
  $schema: string;
  kind: 'portfolio';
  /**
   * @minItems 1
   */
  items: PortfolioItem[];
}
export interface PortfolioItem {
  title: string;
  /**
   * Short sector label, e.g. 'Elektrotechniek'.
   */
  industry?: string;
  description: string;
  /**
   * The live client site; opens in a new tab.
   */
  link?: string;
  image: Image;
  icon: IconName;
}
/**
 * Marketing services with their description and features.
 */
export interface MarketingServicesCollection {
  $schema: string;
  kind: 'marketing-services';
  /**
   * @minItems 1
   */
  items: MarketingService[];
}
export interface MarketingService {
  title: string;
  description: string;
  /**
   * @minItems 1
   */
  features: string[];
  icon: IconName;
}
/**
 * Each city's own data for content landing pages, by the city's name in the landing config.
 */
export interface CitiesCollection {
  $schema: string;
  kind: 'cities';
  /**
   * @minItems 1
   */
  items: CityData[];
}
export interface CityData {
  /**
   * The city's name exactly as in the landing config's cities.
   */
  city: string;
  /**
   * County, province or region: the {region} placeholder.
   */
  region?: string;
  /**
   * A paragraph about working in this city: the {intro} placeholder.
   */
  intro?: string;
  /**
   * Places near the city, shown as a list: the {nearby} placeholder (comma-separated).
   */
  nearby?: string[];
  geo?: GeoCoordinates;
  address?: LocalAddress;
  /**
   * Questions about this city, shown first in the FAQ of its landing pages.
   */
  faq?: FaqItem[];
  fields?: PlaceholderFields;
  /**
   * Changes for one service in this city.
   */
  overrides?: LandingOverride[];
}
/**
 * The city's coordinates, for search engines.
 */
export interface GeoCoordinates {
  latitude: number;
  longitude: number;
}
/**
 * The site's own office in this city: its landing pages are then marked up as a LocalBusiness at this address.
 */
export interface LocalAddress {
  streetAddress: string;
  postalCode: string;
}
/**
 * Any other placeholder of the templates: {name} is filled in with the text under that name.
 */
export interface PlaceholderFields {
  [k: string]: string | undefined;
}
export interface LandingOverride {
  /**
   * The service's slug.
   */
  service: string;
  /**
   * This page's title instead of the template's.
   */
  title?: string;
  /**
   * This page's description instead of the template's.
   */
  description?: string;
  fields?: PlaceholderFields1;
  /**
   * Blocks of the template replaced on this page, each by its position.
   */
  blocks?: BlockOverride[];
}
/**
 * Placeholders with another text on this page only.
 */
export interface PlaceholderFields1 {
  [k: string]: string | undefined;
}
export interface BlockOverride {
  /**
   * Position of the template's block, counting from 0.
   */
  at: number;
  block: Block;
}
/**
 * A form rendered by the generic form block: its fields, rules, texts, mail template and behaviour after sending.
 */
export interface FormConfig {
  $schema: string;
  /**
   * Equals the file name without .json.
   */
  id: string;
  /**
   * The form's name for the staff, the one name everywhere they meet it: the inbox, a lead's page and the studio ('Contactformulier'). Without it, its heading, else its id.
   */
  name?: string;
  /**
   * Heading above the form.
   */
  heading?: string;
  /**
   * Short text under the heading.
   */
  intro?: string;
  /**
   * Explains the * after the labels of required fields.
   */
  requiredNote?: string;
  /**
   * In display order. Fields with width "half" sit two per row on wide screens.
   *
   * @minItems 1
   */
  fields: FormField[];
  validation: ValidationMessages;
  submit: FormSubmitTexts;
  messages: FormResultMessages;
  mail: FormMail;
  /**
   * When the mail fails, POST the field values plus an ISO timestamp as JSON to integrations.contactFallbackUrl; an ok answer counts as success.
   */
  fallback?: boolean;
  /**
   * The form's conversion event, fired with fbq('track', event) after a successful send when the pixel is on the page: on a site with tags (integrations.tags) only once the visitor has agreed to marketing, and never after a withdrawal.
   */
  pixelEvent?: string;
}
/**
 * A one-line text input.
 */
export interface InputField {
  /**
   * email also checks the address format.
   */
  type: 'text' | 'email' | 'tel';
  /**
   * Key of the value; unique within the form.
   */
  name: string;
  label: string;
  placeholder?: string;
  /**
   * Help text under the field.
   */
  hint?: string;
  /**
   * HTML autocomplete token, e.g. name, email, tel, organization.
   */
  autocomplete?: string;
  required?: boolean;
  maxLength: number;
  /**
   * half: two fields per row on wide screens.
   */
  width?: 'full' | 'half';
  messages?: ValidationMessages;
}
/**
 * Messages shown next to a field. {label} is the field's label, {max} its maximum length.
 */
export interface ValidationMessages {
  required?: string;
  /**
   * The value is not a valid e-mail address.
   */
  email?: string;
  tooLong?: string;
  /**
   * A one-line field (text, e-mail, phone) holds a line break or another control character.
   */
  singleLine?: string;
}
/**
 * A multi-line text field.
 */
export interface TextareaField {
  type: 'textarea';
  /**
   * Key of the value; unique within the form.
   */
  name: string;
  label: string;
  placeholder?: string;
  hint?: string;
  rows: number;
  required?: boolean;
  maxLength: number;
  /**
   * half: two fields per row on wide screens.
   */
  width?: 'full' | 'half';
  messages?: ValidationMessages;
}
/**
 * A group of checkboxes; several may be chosen. The value is the list of chosen option values.
 */
export interface CheckboxesField {
  type: 'checkboxes';
  /**
   * Key of the value; unique within the form.
   */
  name: string;
  /**
   * Legend of the group.
   */
  label: string;
  hint?: string;
  /**
   * At least one option must be chosen.
   */
  required?: boolean;
  /**
   * Columns on wide screens.
   */
  columns?: number;
  /**
   * @minItems 1
   */
  options: CheckboxOption[];
  /**
   * half: two fields per row on wide screens.
   */
  width?: 'full' | 'half';
  messages?: ValidationMessages;
}
export interface CheckboxOption {
  value: string;
  label: string;
  /**
   * Smaller text under the label.
   */
  description?: string;
}
/**
 * A value the form holds and sends but does not show (e.g. filled in later by a campaign link).
 */
export interface HiddenField {
  type: 'hidden';
  /**
   * Key of the value; unique within the form.
   */
  name: string;
  default?: string;
}
/**
 * Image upload with drag and drop and previews. On submit each file goes to the image host (integrations.imageHost); a failed upload is sent as a data URL.
 */
export interface ImagesField {
  type: 'images';
  /**
   * Key of the value; unique within the form.
   */
  name: string;
  label: string;
  hint?: string;
  /**
   * MIME type -> file extensions, e.g. {"image/png": [".png"]}.
   */
  accept: {
    [k: string]: string[] | undefined;
  };
  /**
   * Total over all drops; only the surplus is rejected.
   */
  maxFiles: number;
  /**
   * Bytes per file.
   */
  maxSize: number;
  /**
   * Bytes per file.
   */
  minSize?: number;
  /**
   * half: two fields per row on wide screens.
   */
  width?: 'full' | 'half';
  texts: ImagesFieldTexts;
  errors: ImagesFieldErrors;
}
export interface ImagesFieldTexts {
  /**
   * Text inside the drop area.
   */
  prompt: string;
  /**
   * Label of the button that opens the file chooser.
   */
  button: string;
  /**
   * Shown while files are dragged over the area.
   */
  dragActive: string;
  /**
   * Shown while the dragged files are acceptable.
   */
  dragAccept: string;
  /**
   * Shown while the dragged files will be refused.
   */
  dragReject: string;
  /**
   * Shown when the maximum number of files is reached.
   */
  full: string;
  /**
   * {count} chosen of {max}.
   */
  count: string;
  /**
   * Accessible name of a remove button; {name} is the file name.
   */
  remove: string;
  /**
   * Alt text of a preview; {name} is the file name.
   */
  previewAlt: string;
  /**
   * Upload progress while sending; {percent}.
   */
  progress: string;
  /**
   * Above the list of refused files.
   */
  rejectedHeading: string;
  /**
   * Mail line for a photo the image host refused that is too large to embed; {name} is the file name.
   */
  notUploaded?: string;
}
export interface ImagesFieldErrors {
  /**
   * {types}: the accepted types and extensions.
   */
  invalidType: string;
  /**
   * {size}: maxSize in bytes.
   */
  tooLarge: string;
  /**
   * {size}: minSize in bytes.
   */
  tooSmall: string;
  tooMany: string;
}
export interface FormSubmitTexts {
  label: string;
  /**
   * Shown on the disabled button while sending, e.g. 'Bezig met versturen...'.
   */
  busyLabel: string;
}
export interface FormResultMessages {
  success: string;
  error: string;
}
/**
 * How a submission becomes an e-mail: the template, who it is from, and the plain-text summary sent as the template's message.
 */
export interface FormMail {
  /**
   * E-mail service template id for this form.
   */
  templateId: string;
  /**
   * Field whose value becomes from_name.
   */
  nameField: string;
  /**
   * Field whose value becomes from_email and reply_to.
   */
  emailField: string;
  /**
   * First line of the summary, e.g. 'Nieuwe contact aanvraag'.
   */
  heading: string;
  /**
   * @minItems 1
   */
  lines: FormMailLine[];
  /**
   * Joins the chosen options of a checkbox group.
   */
  listSeparator?: string;
}
export interface FormMailLine {
  label: string;
  /**
   * Name of the field whose value is written. Checkbox groups give their option labels, image fields their links.
   */
  field: string;
  /**
   * Written when the value is empty, e.g. 'Niet opgegeven'.
   */
  empty?: string;
  /**
   * Value on the lines below the label, after a blank line (for long texts and lists).
   */
  block?: boolean;
}
