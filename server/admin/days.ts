const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day as typed in a filter (YYYY-MM-DD), as the moment it starts (UTC); `next`: the moment the day after starts. */
export function dayStart(text: string | undefined, next = false): Date | undefined {
  if (!text || !DAY.test(text)) return undefined;
  const at = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(at) ? undefined : new Date(at + (next ? 86_400_000 : 0));
}
