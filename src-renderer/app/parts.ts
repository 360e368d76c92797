// The window's parts that are not needed to draw the dashboard, each its own chunk of the build
// (lib/part.ts): loaded when first shown, and all of them when the window is idle after the
// dashboard's first answers. What the dashboard needs stays in the first chunk (issue 36: at
// most 120 KB of gzipped JavaScript before the chart can draw).
import { part } from '../lib/part.ts';

export const ledgerPart = part('the ledger', () =>
  import('../features/ledger/LedgerPanel.tsx').then((m) => m.LedgerPanel),
);
export const importPart = part('the CSV import', () =>
  import('../features/import/CsvImport.tsx').then((m) => m.CsvImport),
);
export const settingsPart = part('the notification settings', () =>
  import('../features/settings/SettingsPanel.tsx').then((m) => m.SettingsPanel),
);
export const apiPart = part('the local API panel', () =>
  import('../features/local-api/ApiPanel.tsx').then((m) => m.ApiPanel),
);
export const alertsPart = part('the alerts', () =>
  import('../features/alerts/AlertsPanel.tsx').then((m) => m.AlertsPanel),
);
export const onboardingPart = part('the setup', () =>
  import('../features/onboarding/Onboarding.tsx').then((m) => m.Onboarding),
);
export const signInPart = part('the sign-in form', () =>
  import('../features/sign-in/SignIn.tsx').then((m) => m.SignIn),
);

/** Prefetched once an account's panels are shown and the window is idle (the sign-in form is not: a signed-in window needs it no more). */
export const AFTER_DASHBOARD = [ledgerPart, importPart, settingsPart, apiPart, alertsPart, onboardingPart];
