/**
 * English words of the studio's forms: for agency staff, not developers. Labels in plain words, help in one short
 * sentence about what the field does on the site.
 */
import type { Catalog } from './catalog.ts';

export const en: Catalog = {
  fields: {},
  maps: {},
  blocks: {
    hero: { name: 'Opening section', description: 'The top of a page: a large heading, an introduction, buttons and an optional image.' },
    text: { name: 'Text', description: 'A heading with one or more paragraphs.' },
    cta: { name: 'Call to action', description: 'A striking panel with a heading, a short text and buttons that lead visitors on.' },
    'link-list': { name: 'List of links', description: 'A heading with links shown as cards, such as related services.' },
    'rich-text': { name: 'Long text', description: 'Longer text with subheadings, paragraphs and lists, such as terms and conditions.' },
    form: { name: 'Form', description: 'One of the site’s forms, such as contact or a quote request.' },
    'services-overview': { name: 'Services overview', description: 'The main services side by side, each with an icon, a short text and its specialities.' },
    'feature-rows': { name: 'Text with image', description: 'Rows of text beside an image, alternating left and right, each with its own buttons.' },
    values: { name: 'Core values', description: 'A dark panel with the company’s core values, each with an icon and a short explanation.' },
    faq: {
      name: 'Frequently asked questions',
      description: 'Questions that open to show their answer, from a list of questions; optionally with a card beside them.',
    },
    'testimonial-carousel': { name: 'Testimonials side by side', description: 'A few client testimonials side by side, with arrows and dots to browse on.' },
    'testimonial-slider': { name: 'Testimonial, large', description: 'One client testimonial at a time, shown large; visitors browse with arrows.' },
    'portfolio-mockup': {
      name: 'Portfolio in a phone',
      description: 'A phone in which your projects scroll upward endlessly, with text, points and a button beside it.',
    },
    'portfolio-grid': { name: 'Portfolio overview', description: 'Cards of client projects; each card opens the client’s website in a new tab.' },
    'demo-carousel': { name: 'Portfolio carousel', description: 'Projects in a browser window that move on by themselves until the visitor browses.' },
    'marketing-services': { name: 'Marketing services', description: 'Cards of marketing services, each with a description, features and a button.' },
    results: { name: 'Results', description: 'A dark panel with big figures and what they mean, above a row of guarantees.' },
  },
};
