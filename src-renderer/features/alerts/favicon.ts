// The favicon per severity: small SVGs drawn as data URLs (the page's CSP allows `img-src data:`),
// with the same shapes the window uses for states (circle ok, triangle warning, square critical,
// diamond unknown, hollow diamond stale), so a tab strip tells the state without colour too.
import type { Severity } from '../../../src-shared/account-status.ts';

const SHAPES: Record<Severity, string> = {
  ok: '<circle cx="16" cy="16" r="13" fill="#1a7038"/>',
  warning: '<path d="M16 2 L30 29 H2 Z" fill="#c77700" stroke="#5c3300" stroke-width="1.5"/>',
  critical: '<rect x="3" y="3" width="26" height="26" rx="3" fill="#b3261e"/>',
  unknown: '<path d="M16 2 L30 16 L16 30 L2 16 Z" fill="#5f6670"/>',
  stale: '<path d="M16 3.5 L28.5 16 L16 28.5 L3.5 16 Z" fill="none" stroke="#5f6670" stroke-width="3.5"/>',
};

/** The favicon of a severity as an `image/svg+xml` data URL. */
export function faviconFor(severity: Severity): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${SHAPES[severity]}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
