// The shape of what the preload exposes as `window.accountMonitorDesktop` (absent in a browser).
// Type-only, so the renderer may `import type` it without pulling in Electron.
import type { LocalApiState, PortChange } from './local-api.ts';

export interface AccountMonitorDesktop {
  /** Where the local API listens now, or why it does not. */
  apiState(): Promise<LocalApiState | { error: string }>;
  /** Moves the local API to `port` (0: any free port) and remembers it; a busy port is a message. */
  setApiPort(port: number): Promise<PortChange | { ok: false; message: string }>;
}
