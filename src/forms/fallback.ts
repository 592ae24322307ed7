import { DEFAULT_TIMEOUT_MS, fetchWithin, type Fetch } from './timeout.ts';

/**
 * The second route for a message when the mail service fails: the site's own endpoint.
 * The body is the form values and an ISO timestamp plus `submissionId`,
 * so the server can tie it to the recorded lead. Only `ok` counts; no answer in time counts as a failure.
 */
export async function postFallback(url: string, values: Record<string, unknown>, timeoutMs = DEFAULT_TIMEOUT_MS, fetchFn: Fetch = fetch): Promise<boolean> {
  try {
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...values, timestamp: new Date().toISOString() }) };
    return await fetchWithin(fetchFn, timeoutMs, url, init, async (response) => response.ok);
  } catch {
    return false;
  }
}
