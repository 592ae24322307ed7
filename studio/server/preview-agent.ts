import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * The agent every page served to a preview's frame carries (studio/ui/preview/preview-agent.ts): bundled by esbuild
 * into one classic script that runs at once and declares nothing on the page (an IIFE), made again when a file of
 * studio/ui/preview/ changes. It is put inline, first in the page's head: the frame is sandboxed on an origin of its
 * own, whose requests carry no cookie of the studio's, and an inline script needs no request (nor a door to open).
 */
export function previewAgentBundler(root: string): () => Promise<string> {
  const dir = join(root, 'studio/ui/preview');
  let cached: { at: number; script: Promise<string> } | undefined;
  return () => {
    const at = readdirSync(dir).reduce((latest, name) => Math.max(latest, statSync(join(dir, name)).mtimeMs), 0);
    if (cached && cached.at === at) return cached.script;
    const script = build({
      absWorkingDir: root,
      entryPoints: ['studio/ui/preview/preview-agent.ts'],
      bundle: true,
      format: 'iife',
      target: 'es2022',
      write: false,
      minify: true,
      logLevel: 'silent',
      // nothing in it may end the script element it is put in
    }).then((result) => (result.outputFiles[0]?.text ?? '').replace(/<\/(script)/gi, '<\\/$1').trim());
    cached = { at, script };
    script.catch(() => (cached = undefined));
    return script;
  };
}

/**
 * A page's document with the agent first in its head (after its charset, which stays at the start), as a preview's
 * frame gets it: it runs before anything of the page's, and waits for none of its stylesheets.
 */
export function withPreviewAgent(html: string, agent: string): string {
  const head = /<head(?:\s[^>]*)?>(\s*<meta charset=[^>]*>)?/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}<script>${agent}</script>${html.slice(at)}`;
}
