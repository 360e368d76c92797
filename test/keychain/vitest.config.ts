import { defineConfig } from 'vitest/config';

// The keychain suites run outside the "node" project: one inside a private D-Bus session with a
// real GNOME Keyring (scripts/keyring-session.sh), one with no keychain at all. See
// scripts/suites/keychain.ts.
export default defineConfig({
  test: {
    include: ['test/keychain/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    // Both files change process.env (the D-Bus address): one file per process, one at a time.
    pool: 'forks',
    fileParallelism: false,
  },
});
