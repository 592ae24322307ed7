/** Fills {name} placeholders of a config text. Unknown placeholders stay as written, so a typo in config is visible. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}
