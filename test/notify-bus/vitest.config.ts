import { defineConfig } from 'vitest/config';

// Runs inside scripts/notify-session.sh: a private D-Bus session bus with dunst answering
// org.freedesktop.Notifications (see scripts/suites/notify-bus.ts).
export default defineConfig({
  test: {
    include: ['test/notify-bus/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
