import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageDataProvider } from '../../site/site-context.tsx';
import { TestimonialCarousel } from './testimonial-carousel.tsx';

const items = Array.from({ length: 6 }, (_, i) => ({ name: `Klant ${i}`, company: `Bedrijf ${i}`, content: `Tekst ${i}`, rating: 5 }));
const data = { forms: {}, collections: { testimonials: { kind: 'testimonials', items } } };
const labels = {
  region: 'Ervaringen',
  previous: 'Vorige',
  next: 'Volgende',
  goTo: 'Ga naar {n}',
  rating: '{n} van 5 sterren',
  list: 'Lijst',
  status: '{first} tot {last} van {count}',
};

function setup() {
  render(
    <PageDataProvider data={data}>
      {/* visible as the build fills it in from the schema's default */}
      <TestimonialCarousel block={{ type: 'testimonial-carousel', header: { heading: 'Ervaringen' }, collection: 'testimonials', labels, visible: 3 }} />
    </PageDataProvider>,
  );
  return userEvent.setup();
}

const shown = () => screen.getAllByRole('figure').map((f) => f.textContent?.match(/Klant (\d)/)?.[1]);

describe('home testimonial carousel', () => {
  it('shows three, wraps previous from 0 to count - 3 and next at the end to 0', async () => {
    const user = setup();
    expect(shown()).toEqual(['0', '1', '2']);
    await user.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(shown()).toEqual(['3', '4', '5']);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(shown()).toEqual(['0', '1', '2']);
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(shown()).toEqual(['1', '2', '3']);
  });

  it('has count - 2 dots that jump to their start and mark the current one', async () => {
    const user = setup();
    const dots = screen.getAllByRole('button', { name: /^Ga naar/ });
    expect(dots).toHaveLength(4);
    await user.click(dots[2]!);
    expect(shown()).toEqual(['2', '3', '4']);
    expect(dots[2]!.getAttribute('aria-current')).toBe('true');
    expect(dots[0]!.getAttribute('aria-current')).toBeNull();
  });

  it('names every rating for screen readers', () => {
    setup();
    expect(screen.getAllByRole('img', { name: '5 van 5 sterren' })).toHaveLength(3);
  });

  it('names the scrollable list and announces only a short position, not the quotes', async () => {
    const user = setup();
    const list = screen.getByRole('list', { name: 'Lijst' });
    expect(list.getAttribute('tabindex')).toBe('0');
    expect(list.closest('[aria-live]')).toBeNull();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await user.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(status.textContent).toBe('4 tot 6 van 6');
    await user.click(screen.getByRole('button', { name: 'Ga naar 2' }));
    expect(status.textContent).toBe('2 tot 4 van 6');
  });
});
