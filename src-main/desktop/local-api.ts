// The local API's TCP listener in the desktop app: started on 127.0.0.1, movable to another port
// from the app, and never fatal: a busy port becomes a message the window and the tray can show.
// Pure Node (the listen function is injected), so it is tested against the real server.
import type { LocalApiState, PortChange } from '../../src-shared/ipc.ts';
import { messageOf } from '../../src-shared/message-of.ts';

export interface Listener {
  port: number;
  url: string;
  close(): Promise<void>;
}
export type ListenFn = (
  handler: (req: Request) => Promise<Response>,
  options: { host: string; port: number; log?: (line: string) => void },
) => Promise<Listener>;

export interface LocalApiOptions {
  handler: (req: Request) => Promise<Response>;
  listen: ListenFn;
  host: string;
  log?: (line: string) => void;
  onChange?: (state: LocalApiState) => void;
}

function oneLine(error: unknown): string {
  return messageOf(error).split('\n')[0] ?? 'unknown error';
}

export class LocalApi {
  readonly #o: LocalApiOptions;
  #current: Listener | undefined;
  #state: LocalApiState = { listening: false, url: null, port: 0, problem: 'not started' };
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: LocalApiOptions) {
    this.#o = options;
  }

  state(): LocalApiState {
    return this.#state;
  }

  /** Starts on `port`; a failure is kept as the state's problem, not thrown. */
  start(port: number): Promise<LocalApiState> {
    return this.#serial(async () => {
      try {
        this.#current = await this.#o.listen(this.#o.handler, {
          host: this.#o.host,
          port,
          ...(this.#o.log ? { log: this.#o.log } : {}),
        });
        this.#set({ listening: true, url: this.#current.url, port, problem: null });
      } catch (error: unknown) {
        this.#set({ listening: false, url: null, port, problem: oneLine(error) });
        this.#o.log?.(`local API not started: ${oneLine(error)}`);
      }
      return this.#state;
    });
  }

  /**
   * Moves to another port: the new one is opened first and the old one closed only then, so a
   * busy port leaves the API where it was and says why.
   */
  changePort(port: number): Promise<PortChange> {
    return this.#serial(async (): Promise<PortChange> => {
      let next: Listener;
      try {
        next = await this.#o.listen(this.#o.handler, {
          host: this.#o.host,
          port,
          ...(this.#o.log ? { log: this.#o.log } : {}),
        });
      } catch (error: unknown) {
        return { ok: false, message: oneLine(error), state: this.#state };
      }
      const previous = this.#current;
      this.#current = next;
      this.#set({ listening: true, url: next.url, port, problem: null });
      await previous?.close();
      return { ok: true, state: this.#state };
    });
  }

  stop(): Promise<void> {
    return this.#serial(async () => {
      const previous = this.#current;
      this.#current = undefined;
      await previous?.close();
      this.#set({ ...this.#state, listening: false, url: null, problem: 'stopped' });
    });
  }

  #set(state: LocalApiState): void {
    this.#state = state;
    this.#o.onChange?.(state);
  }

  /** One change at a time: two quick port changes must not race. */
  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}
