import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { PageDataProvider } from '../../renderer/site-context.tsx';
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
    <MemoryRouter>
      <PageDataProvider data={data}>
        <Faq block={{ type: 'faq', header: { heading: 'Vragen' }, collection: 'faq' }} />
      </PageDataProvider>
    </MemoryRouter>,
  );
  return (name: string) => screen.getByRole('button', { name });
}

const expanded = () => screen.getAllByRole('button').map((b) => b.getAttribute('aria-expanded'));

describe('FAQ accordion', () => {
  it('starts closed, opens one, switches to another and closes the open one', async () => {
    const user = userEvent.setup();
    const button = renderFaq();
    expect(expanded()).toEqual(['false', 'false', 'false']);
    expect(screen.queryByRole('region', { name: 'Vraag een' })).toBeNull();

    await user.click(button('Vraag een'));
    expect(expanded()).toEqual(['true', 'false', 'false']);
    expect(screen.getByRole('region', { name: 'Vraag een' }).textContent).toBe('Antwoord een');

    await user.click(button('Vraag drie'));
    expect(expanded()).toEqual(['false', 'false', 'true']);
    expect(screen.queryByRole('region', { name: 'Vraag een' })).toBeNull();

    await user.click(button('Vraag drie'));
    expect(expanded()).toEqual(['false', 'false', 'false']);
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    renderFaq();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(expanded()).toEqual(['true', 'false', 'false']);
    await user.tab();
    await user.keyboard(' ');
    expect(expanded()).toEqual(['false', 'true', 'false']);
  });
});
