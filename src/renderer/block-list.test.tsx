import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Block } from '../../core/site/schema-types.ts';
import { SiteProvider } from '../site/site-context.tsx';
import { BlockList } from './block-list.tsx';
import { preloadBlocks } from './block-components.ts';
import { fixtureModel } from '../../tests/test-model.ts';

const model = fixtureModel();
const renderBlocks = (blocks: unknown[]) =>
  render(
    <SiteProvider model={model}>
      <BlockList blocks={blocks as Block[]} />
    </SiteProvider>,
  );

const good = { type: 'text', heading: 'Blijft staan', paragraphs: ['De rest van de pagina.'] };
// content must be a list: rendering this block throws
const failing = { type: 'rich-text', content: null };
const unknown = { type: 'hreo', headline: 'Onbekend' };

describe('BlockList', () => {
  // each block type is its own chunk; loaded here so the first render shows them without suspending
  beforeAll(() => preloadBlocks());

  it('renders blocks in order through the registry', () => {
    renderBlocks([{ type: 'hero', headline: 'Eerste' }, good]);
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Eerste', 'Blijft staan']);
  });

  it('renders nothing for an unknown block type', () => {
    const { container } = renderBlocks([unknown, good]);
    expect(screen.queryByText(/Unknown block type/)).toBeNull();
    expect(container.textContent).not.toContain('Onbekend');
    expect(screen.getByText('Blijft staan')).toBeTruthy();
  });

  it('keeps the rest of the page when one block throws, with nothing shown for it', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderBlocks([failing, good]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('De rest van de pagina.')).toBeTruthy();
    spy.mockRestore();
  });
});
