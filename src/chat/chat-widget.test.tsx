import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ChatConfig } from '../../core/site/schema-types.ts';
import type { SiteModel } from '../../core/site/model.ts';
import { SiteProvider } from '../site/site-context.tsx';
import ChatWidget from './chat-widget.tsx';

const chat: ChatConfig = {
  enabled: true,
  phoneNumber: '31612345678',
  accountName: 'Testbureau',
  avatar: { src: '/images/chat-avatar.webp', alt: 'Testbureau', width: 60, height: 60 },
  statusMessage: 'Online',
  chatMessage: 'Hallo, waarmee kunnen we helpen?',
  placeholder: 'Type een bericht...',
  allowClickAway: true,
  allowEsc: true,
  notificationDelay: 60,
  messageDelay: 2,
  labels: {
    open: 'Chat openen',
    close: 'Chat sluiten',
    send: 'Versturen',
    dialog: 'Chat met Testbureau',
    notification: '1 nieuw bericht',
    message: 'Je bericht',
    typing: 'Aan het typen',
  },
};

function renderChat(over: Partial<ChatConfig> = {}) {
  const model = { site: { chat: { ...chat, ...over } }, routes: [], collections: {}, forms: {}, cities: [] } as unknown as SiteModel;
  return render(
    <SiteProvider model={model}>
      <button type="button">elders</button>
      <ChatWidget />
    </SiteProvider>,
  );
}

const toggle = () => screen.getByRole('button', { name: /^Chat openen/ });
const dialog = () => screen.queryByRole('dialog', { name: 'Chat met Testbureau' });

describe('ChatWidget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // each test is the first page of a visit: nothing carried over from the test before
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens a labelled dialog, focuses the message field, then swaps typing dots for the greeting after the delay', () => {
    renderChat();
    expect(dialog()).toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle());
    expect(dialog()).not.toBeNull();
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Je bericht'));
    expect(screen.getByText('Aan het typen')).toBeTruthy();
    expect(screen.queryByText(chat.chatMessage)).toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Aan het typen')).toBeNull();
    expect(screen.getByText(chat.chatMessage)).toBeTruthy();
    expect(screen.getByText(/^\d{2}:\d{2}$/).tagName).toBe('TIME');
  });

  it('shows the badge after the interval with an accessible name, and opening clears it', () => {
    renderChat();
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.queryByTestId('chat-badge')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('chat-badge').textContent).toBe('1');
    expect(toggle().textContent).toContain('1 nieuw bericht');
    fireEvent.click(toggle());
    expect(screen.queryByTestId('chat-badge')).toBeNull();
  });

  it('closes with the close button and Escape, handing focus back to the floating button', () => {
    renderChat();
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: 'Chat sluiten' }));
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(toggle());

    fireEvent.click(toggle());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(toggle());
  });

  it('closes on a click outside but not on a click inside or on the floating button', () => {
    renderChat();
    fireEvent.click(toggle());
    fireEvent.pointerDown(screen.getByText('Testbureau', { selector: 'p' }));
    fireEvent.pointerDown(toggle());
    fireEvent.click(toggle());
    expect(dialog()).not.toBeNull();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'elders' }));
    expect(dialog()).toBeNull();
  });

  it('respects allowEsc and allowClickAway switched off', () => {
    renderChat({ allowEsc: false, allowClickAway: false });
    fireEvent.click(toggle());
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(dialog()).not.toBeNull();
  });

  it('sends a typed message to WhatsApp with the text encoded, clears the field, and ignores an empty submit', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderChat();
    fireEvent.click(toggle());
    const input = screen.getByLabelText<HTMLInputElement>('Je bericht');
    const send = screen.getByRole('button', { name: 'Versturen' });
    fireEvent.click(send);
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(send);
    expect(open).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'Offerte & demo?' } });
    fireEvent.submit(input.form!);
    expect(open).toHaveBeenCalledWith('https://api.whatsapp.com/send/?phone=31612345678&text=Offerte%20%26%20demo%3F', '_blank', 'noopener,noreferrer');
    expect(input.value).toBe('');
  });

  it('carries its state to the next page of the visit: left open, it is open again with the greeting', () => {
    const first = renderChat();
    fireEvent.click(toggle());
    act(() => vi.advanceTimersByTime(2000));
    first.unmount();
    renderChat();
    expect(dialog()).not.toBeNull();
    expect(screen.getByText(chat.chatMessage)).toBeTruthy();
  });

  it('a badge shown on one page is there at once on the next, and after opening never again', () => {
    const first = renderChat();
    act(() => vi.advanceTimersByTime(60_000));
    first.unmount();
    const second = renderChat();
    expect(screen.getByTestId('chat-badge').textContent).toBe('1');
    fireEvent.click(toggle());
    fireEvent.click(screen.getByRole('button', { name: 'Chat sluiten' }));
    second.unmount();
    renderChat();
    act(() => vi.advanceTimersByTime(300_000));
    expect(screen.queryByTestId('chat-badge')).toBeNull();
  });
});
