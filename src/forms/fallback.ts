/** The second route for a message when the mail service fails: the site's own endpoint. Only `ok` counts. */
export async function postFallback(url: string, values: Record<string, unknown>): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...values, timestamp: new Date().toISOString() }),
    });
    return response.ok;
  } catch {
    return false;
  }
}
