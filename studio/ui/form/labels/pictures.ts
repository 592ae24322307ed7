/**
 * Small wireframes of the block types for the studio's palette: one SVG document (viewBox 120 x 72) per type, drawn
 * from the block's layout in src/blocks/ with lines for texts, framed rectangles for images and cards, pills for
 * buttons and circles for icons and arrows. Decorative (shown beside the block's name), so no text inside; a neutral
 * slate palette whose marks keep at least 3:1 against the surface they sit on (the light outer frame only bounds it).
 */

const W = 120;
const H = 72;

/** The palette: slate tones (text #64748b on white is 4.8:1; on the dark panel the light tones are 5.7:1 and more). */
const C = {
  page: '#ffffff',
  frame: '#94a3b8',
  muted: '#eef2f6',
  card: '#ffffff',
  cardEdge: '#64748b',
  heading: '#1e293b',
  text: '#64748b',
  image: '#cbd5e1',
  imageMark: '#475569',
  button: '#334155',
  buttonAlt: '#ffffff',
  dark: '#1e293b',
  darkHeading: '#f8fafc',
  darkText: '#cbd5e1',
  darkIcon: '#94a3b8',
};

const n = (v: number) => String(Math.round(v * 10) / 10);

/** A text line: a rounded bar. Thick for headings. */
function line(x: number, y: number, w: number, color = C.text, h = 2): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${n(h / 2)}" fill="${color}"/>`;
}

function heading(x: number, y: number, w: number, color = C.heading): string {
  return line(x, y, w, color, 4);
}

/** A card or panel: a framed rectangle. */
function box(x: number, y: number, w: number, h: number, fill = C.card, stroke = C.cardEdge, rx = 2): string {
  return `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="${rx}" fill="${fill}" stroke="${stroke}" stroke-width="0.8"/>`;
}

/** An image: a framed rectangle with a sun and a hill. */
function image(x: number, y: number, w: number, h: number): string {
  const r = Math.min(w, h) / 9;
  const hill = `M${n(x + 1)} ${n(y + h - 1)} L${n(x + w * 0.38)} ${n(y + h * 0.5)} L${n(x + w * 0.58)} ${n(y + h * 0.72)} L${n(x + w * 0.74)} ${n(y + h * 0.58)} L${n(x + w - 1)} ${n(y + h - 1)} Z`;
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="2" fill="${C.image}" stroke="${C.imageMark}" stroke-width="0.8"/>` +
    `<circle cx="${n(x + w * 0.74)}" cy="${n(y + h * 0.3)}" r="${n(r)}" fill="${C.imageMark}"/>` +
    `<path d="${hill}" fill="${C.imageMark}"/>`
  );
}

/** A button: a pill, filled (primary) or outlined (secondary). */
function button(x: number, y: number, w: number, filled = true, h = 6): string {
  return filled
    ? `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${h}" rx="${h / 2}" fill="${C.button}"/>`
    : `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${h}" rx="${h / 2}" fill="${C.buttonAlt}" stroke="${C.button}" stroke-width="0.8"/>`;
}

/** An avatar: a light circle with a dark edge. */
function avatar(cx: number, cy: number, r: number): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${C.image}" stroke="${C.imageMark}" stroke-width="0.7"/>`;
}

/** An icon: a filled circle. */
function dot(cx: number, cy: number, r: number, color = C.text): string {
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${color}"/>`;
}

/** An arrow button of a carousel: an outlined circle with a chevron. */
function arrow(cx: number, cy: number, left: boolean): string {
  const d = left
    ? `M${n(cx + 1)} ${n(cy - 2)} L${n(cx - 1)} ${n(cy)} L${n(cx + 1)} ${n(cy + 2)}`
    : `M${n(cx - 1)} ${n(cy - 2)} L${n(cx + 1)} ${n(cy)} L${n(cx - 1)} ${n(cy + 2)}`;
  return (
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="4" fill="${C.card}" stroke="${C.button}" stroke-width="0.8"/>` +
    `<path d="${d}" fill="none" stroke="${C.button}" stroke-width="0.9" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** The dots under a carousel, the first one active. */
function dots(cx: number, y: number, count: number, color = C.text): string {
  const gap = 4;
  const start = cx - ((count - 1) * gap) / 2;
  return Array.from({ length: count }, (_, i) => dot(start + i * gap, y, i === 0 ? 1.4 : 1, i === 0 ? C.button : color)).join('');
}

/** A check mark followed by a line: an item of a check list. */
function check(x: number, y: number, w: number, color = C.text): string {
  return (
    `<path d="M${n(x)} ${n(y + 1)} L${n(x + 1)} ${n(y + 2)} L${n(x + 3)} ${n(y - 0.2)}" fill="none" stroke="${color}" stroke-width="0.9" stroke-linecap="round" stroke-linejoin="round"/>` +
    line(x + 5, y, w - 5, color, 1.6)
  );
}

/** Stars of a rating: small circles in a row. */
function stars(x: number, y: number, count = 5): string {
  return Array.from({ length: count }, (_, i) => dot(x + i * 3, y, 1, C.button)).join('');
}

/** A section's heading, centered: eyebrow, heading and intro. */
function header(y: number, color = C.heading, textColor = C.text): string {
  return line(W / 2 - 8, y, 16, textColor, 1.6) + heading(W / 2 - 22, y + 4, 44, color) + line(W / 2 - 30, y + 11, 60, textColor, 1.6);
}

function svg(body: string, background = C.page): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" aria-hidden="true" focusable="false">` +
    `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="4" fill="${background}" stroke="${C.frame}"/>` +
    body +
    `</svg>`
  );
}

/** Three cards in a row under a section heading; `inner` draws a card's content at its top left corner. */
function cardRow(y: number, h: number, inner: (x: number, y: number, w: number) => string, count = 3): string {
  const gap = 5;
  const w = (W - 16 - gap * (count - 1)) / count;
  return Array.from({ length: count }, (_, i) => {
    const x = 8 + i * (w + gap);
    return box(x, y, w, h) + inner(x, y, w);
  }).join('');
}

const hero = svg(
  line(10, 14, 18) +
    heading(10, 19, 48) +
    heading(10, 26, 38) +
    line(10, 34, 50) +
    line(10, 38, 42) +
    button(10, 45, 24) +
    button(37, 45, 20, false) +
    check(10, 57, 22) +
    check(36, 57, 22) +
    image(68, 10, 44, 52),
);

const text = svg(
  line(12, 12, 16) +
    heading(12, 17, 56) +
    [26, 30, 34, 38].map((y, i) => line(12, y, i === 3 ? 70 : 96)).join('') +
    [46, 50, 54].map((y, i) => line(12, y, i === 2 ? 54 : 96)).join(''),
);

const cta = svg(
  box(10, 9, 100, 54, C.muted, C.cardEdge, 4) +
    heading(W / 2 - 28, 17, 56) +
    line(W / 2 - 34, 26, 68) +
    line(W / 2 - 24, 30, 48) +
    button(W / 2 - 27, 38, 26) +
    button(W / 2 + 2, 38, 25, false) +
    line(W / 2 - 18, 51, 36, C.text, 1.4),
);

const linkList = svg(
  heading(10, 10, 40) +
    line(10, 18, 62) +
    [0, 1]
      .flatMap((row) => [0, 1].map((col) => [10 + col * 52, 26 + row * 20] as const))
      .map(([x, y]) => box(x, y, 48, 16) + line(x + 4, y + 4, 26, C.heading, 2.4) + chevron(x + 42, y + 5.2) + line(x + 4, y + 10, 36, C.text, 1.6))
      .join(''),
  C.muted,
);

function chevron(x: number, y: number): string {
  return `<path d="M${n(x - 1)} ${n(y - 2)} L${n(x + 1)} ${n(y)} L${n(x - 1)} ${n(y + 2)}" fill="none" stroke="${C.heading}" stroke-width="0.9" stroke-linecap="round" stroke-linejoin="round"/>`;
}

const richText = svg(
  line(14, 9, 22, C.text, 1.4) +
    heading(14, 14, 60) +
    line(14, 22, 92) +
    line(14, 26, 86) +
    line(14, 30, 60) +
    line(14, 37, 40, C.heading, 3) +
    line(14, 43, 92) +
    line(14, 47, 72) +
    [53, 58, 63].map((y) => dot(16, y + 0.8, 1, C.heading) + line(20, y, 56)).join(''),
);

const form = svg(
  heading(12, 7, 40) +
    line(12, 14, 66) +
    [12, 62].map((x) => line(x, 19, 16, C.heading, 1.6) + box(x, 22, 46, 7, C.card, C.cardEdge, 1.5)).join('') +
    line(12, 32, 16, C.heading, 1.6) +
    box(12, 35, 96, 7, C.card, C.cardEdge, 1.5) +
    line(12, 45, 16, C.heading, 1.6) +
    box(12, 48, 96, 10, C.card, C.cardEdge, 1.5) +
    button(12, 61, 26, true, 5),
);

const servicesOverview = svg(
  header(7) +
    cardRow(
      25,
      40,
      (x, y, w) =>
        dot(x + 6, y + 6, 3, C.button) +
        line(x + 3, y + 12, w - 12, C.heading, 2.6) +
        line(x + 3, y + 17, w - 6, C.text, 1.6) +
        line(x + 3, y + 21, w - 10, C.text, 1.6) +
        check(x + 3, y + 27, w - 8) +
        check(x + 3, y + 32, w - 10),
    ),
);

const featureRows = svg(
  [0, 1]
    .map((row) => {
      const y = 6 + row * 32;
      const textX = row === 0 ? 8 : 64;
      const imageX = row === 0 ? 64 : 8;
      return (
        line(textX, y + 3, 14, C.text, 1.6) +
        line(textX, y + 7, 40, C.heading, 3) +
        line(textX, y + 13, 46) +
        line(textX, y + 17, 38) +
        check(textX, y + 21, 30) +
        button(textX, y + 25, 18, true, 4.5) +
        image(imageX, y + 1, 48, 28)
      );
    })
    .join(''),
  C.muted,
);

const values = svg(
  header(7, C.darkHeading, C.darkText) +
    [0, 1, 2, 3]
      .map((i) => {
        const cx = 8 + 13 + i * 26;
        return (
          dot(cx, 33, 4, C.darkIcon) + line(cx - 9, 41, 18, C.darkHeading, 2.6) + line(cx - 11, 47, 22, C.darkText, 1.6) + line(cx - 8, 51, 16, C.darkText, 1.6)
        );
      })
      .join(''),
  C.dark,
);

const faq = svg(
  line(8, 10, 16) +
    heading(8, 15, 36) +
    line(8, 22, 36) +
    line(8, 26, 28) +
    box(8, 36, 38, 26, C.muted) +
    line(12, 41, 26, C.heading, 2.6) +
    line(12, 47, 28, C.text, 1.6) +
    button(12, 53, 20, true, 5) +
    [10, 23, 36, 49]
      .map(
        (y, i) =>
          box(52, y, 60, i === 0 ? 12 : 11) +
          line(56, y + 4.5, 40, C.heading, 2.2) +
          `<path d="M104 ${y + 5.5} h4 M106 ${y + 3.5} v4" stroke="${C.button}" stroke-width="0.9" stroke-linecap="round"/>`,
      )
      .join(''),
);

const testimonialCarousel = svg(
  header(5) +
    cardRow(
      23,
      32,
      (x, y, w) =>
        stars(x + 4, y + 5) +
        line(x + 3, y + 10, w - 6, C.text, 1.6) +
        line(x + 3, y + 14, w - 8, C.text, 1.6) +
        line(x + 3, y + 18, w - 12, C.text, 1.6) +
        avatar(x + 6, y + 26, 2.6) +
        line(x + 11, y + 25, w - 18, C.heading, 2),
    ) +
    arrow(W / 2 - 18, 63, true) +
    dots(W / 2, 63, 3) +
    arrow(W / 2 + 18, 63, false),
  C.muted,
);

const testimonialSlider = svg(
  header(5) +
    box(22, 23, 76, 38) +
    stars(28, 29) +
    line(28, 34, 64) +
    line(28, 38, 60) +
    line(28, 42, 50) +
    avatar(32, 52, 4) +
    line(39, 50, 24, C.heading, 2.2) +
    line(39, 54, 16, C.text, 1.6) +
    arrow(12, 42, true) +
    arrow(108, 42, false) +
    dots(W / 2, 66, 4),
);

const portfolioMockup = svg(
  line(10, 12, 16) +
    heading(10, 17, 48) +
    line(10, 25, 50) +
    line(10, 29, 42) +
    check(10, 37, 36) +
    check(10, 42, 32) +
    check(10, 47, 38) +
    button(10, 55, 28) +
    `<rect x="76" y="4" width="34" height="64" rx="6" fill="${C.card}" stroke="${C.heading}" stroke-width="1.2"/>` +
    line(88, 7, 10, C.heading, 1.6) +
    line(80, 12, 26, C.heading, 2.2) +
    [17, 29, 41, 53]
      .map(
        (y) =>
          `<rect x="80" y="${y}" width="8" height="8" rx="1" fill="${C.image}" stroke="${C.imageMark}" stroke-width="0.6"/>` +
          line(91, y + 1.5, 15, C.heading, 1.6) +
          line(91, y + 5, 10, C.text, 1.4),
      )
      .join('') +
    `<path d="M66 44 V30 M63 33 L66 30 L69 33" fill="none" stroke="${C.text}" stroke-width="1" stroke-linecap="round" stroke-linejoin="round"/>`,
);

const portfolioGrid = svg(
  header(5) +
    cardRow(
      23,
      42,
      (x, y, w) =>
        image(x + 0.4, y + 0.4, w - 0.8, 18) +
        dot(x + 5, y + 23, 1.4, C.text) +
        line(x + 8, y + 22.2, w - 18, C.text, 1.6) +
        line(x + 3, y + 27, w - 10, C.heading, 2.6) +
        line(x + 3, y + 32, w - 6, C.text, 1.6) +
        line(x + 3, y + 37, w - 16, C.button, 1.6),
    ),
);

const demoCarousel = svg(
  header(4) +
    box(14, 21, 92, 38) +
    box(18, 25, 50, 30, C.card, C.cardEdge, 1.5) +
    line(18, 25, 50, C.cardEdge, 0.1) +
    dot(21, 27.5, 0.8, C.text) +
    dot(24, 27.5, 0.8, C.text) +
    dot(27, 27.5, 0.8, C.text) +
    image(18.4, 30, 49.2, 24.6) +
    line(72, 29, 20, C.text, 1.6) +
    line(72, 34, 28, C.heading, 2.6) +
    line(72, 40, 30) +
    line(72, 44, 26) +
    line(72, 50, 18, C.button, 1.6) +
    arrow(8, 40, true) +
    arrow(112, 40, false) +
    dots(W / 2, 65, 4),
  C.muted,
);

const marketingServices = svg(
  header(5) +
    cardRow(
      23,
      42,
      (x, y, w) =>
        dot(x + 6, y + 6, 3, C.button) +
        line(x + 11, y + 5, w - 14, C.heading, 2.6) +
        line(x + 3, y + 13, w - 6, C.text, 1.6) +
        line(x + 3, y + 17, w - 10, C.text, 1.6) +
        check(x + 3, y + 23, w - 8) +
        check(x + 3, y + 28, w - 10) +
        button(x + 3, y + 34, w - 16, true, 4.5),
    ),
);

const results = svg(
  header(5, C.darkHeading, C.darkText) +
    [0, 1, 2, 3]
      .map((i) => {
        const cx = 8 + 13 + i * 26;
        return (
          dot(cx, 28, 2.6, C.darkIcon) + line(cx - 9, 34, 18, C.darkHeading, 5) + line(cx - 8, 42, 16, C.darkText, 1.8) + line(cx - 10, 46, 20, C.darkIcon, 1.4)
        );
      })
      .join('') +
    [0, 1, 2].map((i) => dot(22 + i * 32, 59, 1.8, C.darkIcon) + line(26 + i * 32, 58, 18, C.darkText, 1.8)).join('') +
    line(W / 2 - 20, 65, 40, C.darkIcon, 1.2),
  C.dark,
);

/** A block type without a picture of its own: a heading over lines of text. */
export const genericPicture = svg(heading(12, 14, 50) + [24, 29, 34, 39].map((y, i) => line(12, y, i === 3 ? 60 : 96)).join('') + box(12, 47, 96, 15, C.muted));

/** The wireframe of each block type, by its `type`. */
export const pictures: Record<string, string> = {
  hero,
  text,
  cta,
  'link-list': linkList,
  'rich-text': richText,
  form,
  'services-overview': servicesOverview,
  'feature-rows': featureRows,
  values,
  faq,
  'testimonial-carousel': testimonialCarousel,
  'testimonial-slider': testimonialSlider,
  'portfolio-mockup': portfolioMockup,
  'portfolio-grid': portfolioGrid,
  'demo-carousel': demoCarousel,
  'marketing-services': marketingServices,
  results,
};
