import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageDataProvider } from '../../site/site-context.tsx';
import { Faq } from './faq.tsx';

const data = {
  forms: {},
  collections: {
    faq: {
      kind: 'faq',
      items: [
        { question: 'Vraag een', answer: 'Antwoord een' },
        { question: 'Vraag twee', answer: 'Antwoord twee' },
        { question: 'Vraag drie', answer: 'Antwoord drie' },
      ],
    },
  },
};

function renderFaq() {
  render(
    <PageDataProvider data={data}>
      <Faq block={{ type: 'faq', header: { heading: 'Vragen' }, collection: 'faq' }} />
    </PageDataProvider>,
  );
  // a <summary> has no ARIA role that testing-library knows; each item is its <details>
  return [...document.querySelectorAll('details')];
}

const openState = () => [...document.querySelectorAll('details')].map((d) => d.open);

describe('FAQ accordion', () => {
  it('renders one exclusive <details> group, all closed, each answer labelled by its question', () => {
    const items = renderFaq();
    expect(items).toHaveLength(3);
    // the shared name is what makes the browser keep at most one item open, with or without script
    const names = new Set(items.map((d) => d.getAttribute('name')));
    expect(names.size).toBe(1);
    expect([...names][0]).toBeTruthy();
    expect(openState()).toEqual([false, false, false]);
    const summary = items[0]!.querySelector('summary')!;
    expect(summary.querySelector('h3')?.textContent).toBe('Vraag een');
    const answer = items[0]!.querySelector('[role="region"]')!;
    expect(answer.getAttribute('aria-labelledby')).toBe(summary.id);
    expect(answer.textContent).toBe('Antwoord een');
  });

  // jsdom toggles a single <details> but knows no exclusive groups and no keyboard activation of
  // <summary>: switching, Enter and Space are browser behaviour, tested in tests/e2e (also without JS)
  it('opens and closes an item from its summary', async () => {
    const user = userEvent.setup();
    const items = renderFaq();
    await user.click(screen.getByText('Vraag twee'));
    expect(openState()).toEqual([false, true, false]);
    await user.click(screen.getByText('Vraag twee'));
    expect(openState()).toEqual([false, false, false]);
    expect(items[1]!.querySelector('summary')!.tabIndex).toBe(0);
  });
});
