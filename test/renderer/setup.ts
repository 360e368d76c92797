// The window's tests run beside other suites on a shared 2-core machine: waiting for the real
// service's answers may take more than Testing Library's default second under load. A longer
// wait changes no assertion; it only stops a busy machine from failing a correct window.
import { configure } from '@testing-library/react';
import { beforeEach } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });

// Each test opens the window at a plain address: the account an earlier test of the same file
// chose (?account=N, src-renderer/app/address.ts) would otherwise be shown as soon as a status
// lists it, and a test's outcome would hang on the order the tests ran in.
if (typeof window !== 'undefined')
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
  });

// The window's deferred parts (src-renderer/app/parts.ts) are loaded before the tests, as the
// window's idle prefetch loads them after the dashboard: a test waiting for the ledger then waits
// for the service, not for vitest's first transform of the ledger's files (seconds on a loaded
// machine). The loading itself is tested with parts of its own (deferred-parts.test.tsx) and in
// the browser (test/e2e/first-load.spec.ts).
if (typeof document !== 'undefined') {
  const { AFTER_DASHBOARD, signInPart } = await import('../../src-renderer/app/parts.ts');
  await Promise.all([...AFTER_DASHBOARD, signInPart].map((p) => p.load()));
}
