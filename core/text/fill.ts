/** Each text split once at its placeholders, [text, name, text, ..., text]: a content landing page fills hundreds, the same ones on every page. */
const split = new Map<string, string[]>();
/** Texts kept split at most (the dev server sees every version of every text): more start the map again. */
const SPLIT_KEPT = 20_000;

function partsOf(text: string): string[] {
  let parts = split.get(text);
  if (!parts) {
    if (split.size >= SPLIT_KEPT) split.clear();
    split.set(text, (parts = text.split(/\{(\w+)\}/)));
  }
  return parts;
}

/** Fills {name} placeholders of a config text. Unknown placeholders stay as written, so a typo in config is visible. */
export function fill(text: string, values: Record<string, string | number>): string {
  // most texts of a template have no placeholder
  if (!text.includes('{')) return text;
  const parts = partsOf(text);
  let filled = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i]!;
    filled += (Object.hasOwn(values, key) ? String(values[key]) : `{${key}}`) + parts[i + 1]!;
  }
  return filled;
}
