/** Fills {name} placeholders of a config text. Unknown placeholders stay as written, so a typo in config is visible. */
export function fill(text: string, values: Record<string, string | number>): string {
  // most texts of a template have no placeholder: no regular expression for them (a content landing page fills hundreds)
  if (!text.includes('{')) return text;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}
