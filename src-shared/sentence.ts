// A message written as a sentence: capitalised, and ended with a full stop unless it already ends
// with one (or ! or ?). The service's and the provider's messages start lower-case so that they
// read inside another sentence ("cannot reach the provider: ..."); shown alone, each goes
// through this, in the window and in alerts alike.

/** "cannot reach the provider: ... try again" -> "Cannot reach the provider: ... try again." */
export function sentence(text: string): string {
  const t = text.trim();
  if (t === '') return t;
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
}
