/**
 * Dutch words of the studio's forms: for agency staff, not developers. Labels in plain words, help in one short
 * sentence about what the field does on the site; the studio says "u", as in its other Dutch texts.
 */
import type { Catalog } from './catalog.ts';

export const nl: Catalog = {
  fields: {},
  maps: {},
  blocks: {
    hero: { name: 'Openingsblok', description: 'Bovenaan de pagina: een grote kop, een inleiding, knoppen en eventueel een afbeelding.' },
    text: { name: 'Tekst', description: "Een kop met een of meer alinea's." },
    cta: { name: 'Oproep tot actie', description: 'Een opvallend vlak met een kop, een korte tekst en knoppen die bezoekers verder helpen.' },
    'link-list': { name: 'Lijst met links', description: 'Een kop met links als kaartjes, bijvoorbeeld naar verwante diensten.' },
    'rich-text': { name: 'Lange tekst', description: "Langere tekst met tussenkoppen, alinea's en opsommingen, zoals algemene voorwaarden." },
    form: { name: 'Formulier', description: 'Een van de formulieren van de site, zoals contact of offerte aanvragen.' },
    'services-overview': {
      name: 'Dienstenoverzicht',
      description: 'De belangrijkste diensten naast elkaar, elk met een pictogram, een korte tekst en specialismen.',
    },
    'feature-rows': { name: 'Tekst met afbeelding', description: 'Rijen met tekst naast een afbeelding, om en om links en rechts, elk met eigen knoppen.' },
    values: { name: 'Kernwaarden', description: 'Een donker vlak met de kernwaarden van het bedrijf, elk met een pictogram en een korte uitleg.' },
    faq: { name: 'Veelgestelde vragen', description: 'Vragen die openklappen tot hun antwoord, uit een lijst met vragen; eventueel met een kaartje ernaast.' },
    'testimonial-carousel': {
      name: 'Klantervaringen naast elkaar',
      description: 'Enkele klantervaringen naast elkaar, met pijlen en bolletjes om verder te bladeren.',
    },
    'testimonial-slider': { name: 'Klantervaring groot', description: 'Eén klantervaring tegelijk, groot in beeld; de bezoeker bladert met pijlen.' },
    'portfolio-mockup': {
      name: 'Portfolio in een telefoon',
      description: 'Een telefoon waarin uw projecten eindeloos omhoog schuiven, met tekst, punten en een knop ernaast.',
    },
    'portfolio-grid': {
      name: 'Portfolio-overzicht',
      description: 'Kaarten met klantprojecten; elke kaart opent de website van de klant in een nieuw tabblad.',
    },
    'demo-carousel': { name: 'Portfolio-carrousel', description: 'Projecten in een browservenster die vanzelf doorschuiven, tot de bezoeker zelf bladert.' },
    'marketing-services': { name: 'Marketingdiensten', description: 'Kaarten met marketingdiensten, elk met een omschrijving, kenmerken en een knop.' },
    results: { name: 'Resultaten', description: 'Een donker vlak met grote cijfers en hun uitleg, en daaronder een rij garanties.' },
  },
};
