// Input quoted back in an error message stays short: a garbage file or phrase must not be
// echoed whole (a 2 MB header would make a 2 MB error).
const LIMIT = 80;

export function quote(text: string): string {
  return `"${text.length > LIMIT ? `${text.slice(0, LIMIT)}…` : text}"`;
}
