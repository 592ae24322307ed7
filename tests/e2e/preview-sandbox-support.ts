import { expect, type Frame, type Page } from '@playwright/test';
import { hashOf } from '../../studio/server/site-files.ts';

/**
 * What a script in the studio's preview could try against the studio (a tag, an embed or a compromised package runs
 * there with the site's own scripts), and the proof that it fails: the preview is sandboxed on an origin of its own
 * (studio/ui/preview/preview-frame.tsx). Used on each host of the studio.
 */

/** What a script in the frame gets when it reaches for the studio: each attempt's outcome, in words. */
interface Attempts {
  location: string;
  document: string;
  /** the studio's own request: JSON, with the studio's own headers */
  edit: string;
  /** the same without a preflight (a simple request, whose answer the script cannot read) */
  simpleEdit: string;
  /** the site's files, read through the studio's calls */
  file: string;
}

/** Runs in the preview's frame: what a tag or a package there could try, with the studio's own request shape. */
export function tryTheStudio(frame: Frame, base: string): Promise<Attempts> {
  return frame.evaluate(async (base) => {
    const outcome = async (attempt: () => Promise<string> | string) => {
      try {
        return await attempt();
      } catch (error) {
        return `threw ${(error as Error).name}`;
      }
    };
    const edit = JSON.stringify({ path: 'content/pages/home.json', base, ops: [{ op: 'set', path: ['blocks', 0, 'headline'], value: 'Taken over' }] });
    return {
      location: await outcome(() => window.parent.location.href),
      document: await outcome(() => window.parent.document.title),
      edit: await outcome(async () => {
        // the headers the studio's page sends with every write (studio/ui/files/call.ts)
        const headers = { 'Content-Type': 'application/json', 'X-Staff-Request': '1' };
        const answer = await fetch('/__studio/api/edit', { method: 'POST', headers, body: edit });
        return String(answer.status);
      }),
      simpleEdit: await outcome(async () => {
        const answer = await fetch('/__studio/api/edit', { method: 'POST', mode: 'no-cors', body: edit });
        return answer.type === 'opaque' ? 'sent, answer unread' : String(answer.status);
      }),
      file: await outcome(async () => {
        const answer = await fetch('/__studio/api/file?path=content%2Fpages%2Fhome.json');
        return `${answer.status} ${(await answer.text()).slice(0, 20)}`;
      }),
    };
  }, base);
}

/** The desktop preview's frame, once it shows the home page's heading. */
async function desktopFrame(page: Page): Promise<Frame> {
  const element = page.locator('.side iframe[data-device="desktop"]');
  await expect(page.frameLocator('.side iframe[data-device="desktop"]').locator('main h1')).toBeVisible({ timeout: 30_000 });
  return (await (await element.elementHandle())!.contentFrame())!;
}

/**
 * Every attempt of a script in the studio's desktop preview (showing the home page) failed: the studio's page unread,
 * each write refused or never sent, and the home page's file (`file`) and its preview as they were.
 */
export async function expectRefused(page: Page, file: () => string) {
  const before = file();
  const frame = await desktopFrame(page);
  const heading = await frame.locator('main h1').textContent();
  const tried = await tryTheStudio(frame, hashOf(before));
  console.log(`a script in the preview tried the studio: ${JSON.stringify(tried)}`);
  expect(tried.location).toMatch(/^threw /);
  expect(tried.document).toMatch(/^threw /);
  expect(tried.edit).not.toBe('200');
  expect(tried.file).not.toMatch(/^200 /);
  // a simple request is sent, but refused: the file is unchanged
  await page.waitForTimeout(500);
  expect(file()).toBe(before);
  await expect(page.frameLocator('.side iframe[data-device="desktop"]').locator('main h1')).toHaveText(heading ?? '');
}
