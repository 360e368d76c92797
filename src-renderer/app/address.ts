// The chosen account is kept in the address (?account=ID), so a reload keeps it and two tabs can
// show two accounts.
const ACCOUNT_PARAM = 'account';

/** The account named in the address, if any. */
export function accountInAddress(): number | undefined {
  const text = new URLSearchParams(location.search).get(ACCOUNT_PARAM);
  return text !== null && /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/** Keeps the chosen account in the address without reloading (the #section stays). */
export function putAccountInAddress(id: number): void {
  const url = new URL(location.href);
  url.searchParams.set(ACCOUNT_PARAM, String(id));
  history.replaceState(history.state, '', url);
}
