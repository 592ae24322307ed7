import { describe, expect, it } from 'vitest';
import { paths } from '../../core/paths.ts';
import { previewAgentBundler, withPreviewAgent } from './preview-agent.ts';

describe('the preview’s agent', () => {
  it('is one classic script that declares nothing on the page and cannot end the element it is put in', async () => {
    const agent = await previewAgentBundler(paths.root)();
    expect(agent).toMatch(/^"use strict";\(\(\)=>\{/);
    expect(agent).toMatch(/\}\)\(\);$/);
    expect(agent).not.toMatch(/<\/script/i);
    expect(agent).not.toMatch(/^\s*(import|export)\b/m);
    // what it listens for and answers (studio/ui/preview/agent-messages.ts), and only in a sandboxed frame
    expect(agent).toContain('preview-agent');
    expect(agent).toContain('window.origin==="null"');
  });

  it('is built once while its sources stay as they are', async () => {
    const bundle = previewAgentBundler(paths.root);
    expect(bundle()).toBe(bundle());
    await bundle();
  });

  it('goes first into the head, after the charset, which stays at the start of the page', () => {
    const page =
      '<!doctype html><html lang="nl"><head>\n    <meta charset="UTF-8" />\n    <title>Home</title><script>site()</script></head><body></body></html>';
    expect(withPreviewAgent(page, 'agent()')).toBe(
      '<!doctype html><html lang="nl"><head>\n    <meta charset="UTF-8" /><script>agent()</script>\n    <title>Home</title><script>site()</script></head><body></body></html>',
    );
    expect(withPreviewAgent('<html><head data-x="1"><title>T</title></head></html>', 'agent()')).toBe(
      '<html><head data-x="1"><script>agent()</script><title>T</title></head></html>',
    );
  });

  it('leaves a document without a head as it is (a sentence of an error)', () => {
    expect(withPreviewAgent('No page of the site is at this address.', 'agent()')).toBe('No page of the site is at this address.');
    // a <header> is no head
    expect(withPreviewAgent('<header>x</header>', 'agent()')).toBe('<header>x</header>');
  });
});
