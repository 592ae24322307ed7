import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config.ts';

/** The person's sessions ended on the server, as 60 idle minutes or a colleague on the sessions screen end them. */
export function endSessions(userId: string) {
  const db = new Database(join(e2eDataDir, 'leads.sqlite'));
  try {
    db.prepare('DELETE FROM staff_sessions WHERE user_id = ?').run(userId);
  } finally {
    db.close();
  }
}

/**
 * On a phone the list's filters are folded behind one button (the search stays in view): opened, as a person does
 * before choosing one. On a laptop they are always in view, and this does nothing.
 */
export async function unfoldFilters(page: Page) {
  const fold = page.getByRole('button', { name: /^Filters/ });
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) !== 'true') await fold.click();
}
