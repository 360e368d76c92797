// The keychain's start-up check, as a program of its own: it writes a random secret, reads it
// back, deletes it, and prints one JSON line ({"ok":true}, or {"ok":false,"message":...}) on
// stdout. `serve` runs it as a child process of Node (probe.ts); the desktop app as an Electron
// utility process (src-main/desktop/keychain-probe.ts), never as Electron run as Node (the
// packaged app turns that off: electron-builder.yml's fuses). Arguments: service, account, and
// the Linux store ('' elsewhere).
import { randomBytes } from 'node:crypto';
import { AsyncEntry, type LinuxStore } from '@napi-rs/keyring';

const [service = '', account = '', linuxStore = ''] = process.argv.slice(2);
const store: LinuxStore | undefined =
  linuxStore === 'secret-service' || linuxStore === 'keyutils' ? linuxStore : undefined;

async function check(): Promise<void> {
  const entry = new AsyncEntry(service, account, store === undefined ? undefined : { linux: { store } });
  const secret = randomBytes(12).toString('base64url');
  await entry.setPassword(secret);
  const back = await entry.getPassword();
  await entry.deletePassword();
  if (back !== secret) throw new Error('it returned a different secret than the one stored');
}

check().then(
  () => {
    process.stdout.write(JSON.stringify({ ok: true }));
  },
  (error: unknown) => {
    process.stdout.write(
      JSON.stringify({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  },
);
