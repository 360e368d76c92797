// What a person sees while the Electron binary downloads (about 100 MB on the first start): a
// line that rewrites itself on a terminal, a line per tenth otherwise (CI logs, pipes). Fed by
// the installer's events (install-observer.ts).
import type { InstallEvent } from './install-observer.ts';

const MB = 1024 * 1024;
/** Responses smaller than this (SHASUMS256.txt, redirects) are not worth a progress line. */
const SHOWN_FROM = 256 * 1024;

export class DownloadProgress {
  readonly #write: (text: string) => void;
  readonly #tty: boolean;
  #name = '';
  #total: number | null = null;
  #received = 0;
  #shownTenth = -1;
  #lastDraw = 0;
  readonly #now: () => number;
  #startedAt: number;
  #drawn = false;
  #counting = false;

  constructor(write: (text: string) => void, tty: boolean, now: () => number = Date.now) {
    this.#write = write;
    this.#tty = tty;
    this.#now = now;
    this.#startedAt = now();
  }

  start(): void {
    this.#write(
      'Electron is not installed yet: getting it with its own installer (first start only, about 100 MB to download)\n',
    );
  }

  onEvent(event: InstallEvent): void {
    if (event.t === 'headers') {
      // Only the bytes of the shown download count, not those of the checksum file asked for after it.
      this.#counting = event.status < 300 && (event.length === null || event.length >= SHOWN_FROM);
    }
    if (event.t === 'headers' && this.#counting) {
      this.#name = event.url.split('/').pop() ?? event.url;
      this.#total = event.length;
      this.#received = 0;
      this.#shownTenth = -1;
      this.#startedAt = this.#now();
      this.#write(`Downloading ${this.#name}${this.#total === null ? '' : ` (${mb(this.#total)})`}\n`);
    } else if (event.t === 'bytes' && this.#counting) {
      this.#received += event.n;
    }
  }

  /** Called a few times a second: redraws when there is something new to say. */
  tick(): void {
    if (this.#name === '' || this.#received === 0) return;
    const now = this.#now();
    if (this.#tty) {
      if (now - this.#lastDraw < 200) return;
      this.#lastDraw = now;
      this.#write(`\r  ${this.#line(now)}\u001b[K`);
      this.#drawn = true;
      return;
    }
    const tenth =
      this.#total === null || this.#total === 0
        ? Math.floor(this.#received / (10 * MB))
        : Math.floor((10 * this.#received) / this.#total);
    if (tenth <= this.#shownTenth) return;
    this.#shownTenth = tenth;
    this.#write(`  ${this.#line(now)}\n`);
  }

  /**
   * Always says how the download ended, on a terminal or not: a quick download can finish between
   * two ticks, and then no progress line was written at all.
   */
  end(ok: boolean): void {
    if (this.#name !== '') {
      const summary = `  ${this.#summary(this.#total === null ? ok : this.#received >= this.#total)}`;
      this.#write(this.#drawn ? `\r${summary}\u001b[K\n` : `${summary}\n`);
    }
    if (ok) this.#write('Electron is installed; it will not be downloaded again\n');
  }

  /** "Downloaded e.zip: 3.0 MB in 0.2 s, 15.0 MB/s", or where it stopped. */
  #summary(complete: boolean): string {
    const elapsed = Math.max(0.001, (this.#now() - this.#startedAt) / 1000);
    const size = `${mb(this.#received)}${this.#total === null || this.#received >= this.#total ? '' : ` of ${mb(this.#total)}`}`;
    const how = `${size} in ${elapsed.toFixed(1)} s, ${mb(this.#received / elapsed)}/s`;
    return complete ? `Downloaded ${this.#name}: ${how}` : `Download of ${this.#name} stopped after ${how}`;
  }

  #line(now: number): string {
    const rate = this.#received / Math.max(0.001, (now - this.#startedAt) / 1000);
    const share =
      this.#total === null || this.#total === 0 ? '' : `${String(Math.floor((100 * this.#received) / this.#total))}% `;
    return `${share}${mb(this.#received)}${this.#total === null ? '' : ` of ${mb(this.#total)}`}, ${mb(rate)}/s`;
  }
}

function mb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}
