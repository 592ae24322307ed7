/**
 * A call of the studio's server side that answers JSON: a GET, or a POST of `body`; a refused call throws its status
 * (the dialogs say it in their words).
 */
export async function jsonCall<T>(url: string, body?: unknown): Promise<T> {
  const init: RequestInit = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(String(response.status));
  return (await response.json()) as T;
}
