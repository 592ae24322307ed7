import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { fixtureSite } from '../../tests/test-model.ts';
import type { SiteModel } from '../../core/site/model.ts';
import { PageDataProvider, SiteProvider } from '../site/site-context.tsx';
import FormBlock from './form-block.tsx';
import { fakeNetwork, json, type Handler } from './testing/fake-network.ts';
import { ISLAND_ATTR } from '../../core/islands/attributes.ts';

/** The real form block on a fake network (jsdom has no server); the e-mail SDK goes through the same fake fetch. */
const loaded = fixtureSite();

function formTree(id: string, timeoutMs = 15000) {
  const site = { ...loaded.site, integrations: { ...loaded.site.integrations, leads: { ...loaded.site.integrations.leads, timeoutMs } } };
  const model = { site, routes: [], cities: [] } as unknown as SiteModel;
  return (
    <SiteProvider model={model}>
      <PageDataProvider data={{ collections: {}, forms: loaded.forms }}>
        <FormBlock block={{ type: 'form', form: id }} />
      </PageDataProvider>
    </SiteProvider>
  );
}

const renderForm = (id: string, timeoutMs?: number) => render(formTree(id, timeoutMs));

/** The form as prerendered, in the page before its code has arrived; hydrate() then brings it to life. */
function prerenderedForm(id: string) {
  const island = document.createElement('div');
  island.innerHTML = renderToString(formTree(id));
  document.body.append(island);
  const hydrate = () => act(() => void hydrateRoot(island, formTree(id)));
  return { island, hydrate };
}

/** What a visitor's typing does to an input whose page has no script yet: the DOM alone changes. */
function typeBeforeCode(island: HTMLElement, name: string, text: string) {
  const input = island.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
  input.value = text;
}

function network(mail: Handler) {
  const net = fakeNetwork([
    [/^GET \/api\/forms\/[^/]+\/token$/, () => json(200, { token: 'issued.sig' })],
    [/\/delivery$/, () => new Response(null, { status: 204 })],
    [/^POST \/api\/forms\/[^/]+$/, () => json(201, { id: 1 })],
    [/\/api\/v1\.0\/email\/send$/, mail],
  ]);
  vi.stubGlobal('fetch', net.fetch);
  return net;
}

const button = () => screen.getByRole<HTMLButtonElement>('button', { name: /Verstuur|Bezig/ });
const box = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });

afterEach(() => vi.unstubAllGlobals());

describe('FormBlock', () => {
  it('has a honeypot people cannot reach, and sends its value as hp', async () => {
    const net = network(() => new Response('OK', { status: 200 }));
    const { container } = renderForm('contact');
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(trap.labels?.[0]?.textContent).toBe('website');
    // not a field of the form for anyone using it
    expect(screen.queryByRole('textbox', { name: 'website' })).toBeNull();
    await waitFor(() => expect(net.to(/token/)).toHaveLength(1));

    const user = userEvent.setup();
    await user.type(box(/^Naam/), 'Bot');
    await user.type(box(/^E-mailadres/), 'bot@example.nl');
    trap.value = 'https://spam.example';
    await user.click(button());
    await screen.findByText(/Bedankt voor je bericht/);
    expect(net.to(/POST \/api\/forms\/contact$/)[0]?.body).toMatchObject({ hp: 'https://spam.example', token: 'issued.sig' });
    expect(trap.value).toBe('');
  });

  it('a stalled mail ends in the error state: button enabled again, everything typed kept', async () => {
    // nothing answers: token, record, mail, fallback
    vi.stubGlobal('fetch', fakeNetwork([[/./, () => 'stall']]).fetch);
    renderForm('contact', 50);
    const user = userEvent.setup();
    await user.type(box(/^Naam/), 'Jan');
    await user.type(box(/^E-mailadres/), 'jan@example.nl');
    await user.type(box(/^Bericht/), 'Hallo');
    await user.click(button());
    expect(button().disabled).toBe(true);
    await screen.findByText(/Er is iets misgegaan bij het versturen van je bericht/, {}, { timeout: 3000 });
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('Verstuur bericht');
    expect(box(/^Naam/).value).toBe('Jan');
    expect(box(/^Bericht/).value).toBe('Hallo');
  });

  it('keeps what was typed before its code arrived: a later render does not wipe it, and the send carries it', async () => {
    const net = network(() => new Response('OK', { status: 200 }));
    const { island, hydrate } = prerenderedForm('contact');
    typeBeforeCode(island, 'name', 'Jan Jansen');
    typeBeforeCode(island, 'email', 'jan@example.nl');
    await hydrate();
    const user = userEvent.setup();
    // typing in another field renders the form again
    await user.type(box(/^Bericht/), 'Hallo');
    expect(box(/^Naam/).value).toBe('Jan Jansen');
    await user.click(button());
    await screen.findByText(/Bedankt voor je bericht/);
    expect(net.to(/POST \/api\/forms\/contact$/)[0]?.body).toMatchObject({ values: { name: 'Jan Jansen', email: 'jan@example.nl', message: 'Hallo' } });
    // a success clears the form, the adopted text included
    expect(box(/^Naam/).value).toBe('');
    island.remove();
  });

  it('a send pressed before its code arrived (held back by the page) goes out on hydration, with what was typed', { timeout: 10_000 }, async () => {
    const net = network(() => new Response('OK', { status: 200 }));
    const { island, hydrate } = prerenderedForm('contact');
    typeBeforeCode(island, 'name', 'Els');
    typeBeforeCode(island, 'email', 'els@example.nl');
    island.setAttribute(ISLAND_ATTR.pendingSubmit, '');
    await hydrate();
    // busy at once; the lead waits for the fill-time token's minimum age (3 s), so it is not taken for spam
    expect(button().disabled).toBe(true);
    await screen.findByText(/Bedankt voor je bericht/, {}, { timeout: 6000 });
    expect(island.hasAttribute(ISLAND_ATTR.pendingSubmit)).toBe(false);
    expect(net.to(/POST \/api\/forms\/contact$/)[0]?.body).toMatchObject({ values: { name: 'Els', email: 'els@example.nl' } });
    island.remove();
  });
});
