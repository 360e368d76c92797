// The app API's CSV import, off the event loop. A single transaction over a big file keeps the
// thread that runs it busy for seconds (a million lines take about ten), so the import runs in a
// worker thread with its own connection (import-worker.ts): the request's body is passed on to
// it chunk by chunk as it arrives, at most IN_FLIGHT chunks ahead of what the worker has read
// (memory stays flat whatever the file's size), while this thread keeps answering everything
// else; in WAL mode its reads see the ledger as it was until the worker commits. All or
// nothing: a bad line, an upload cut short or a body over the limit rolls the whole file back.
// A small file (INLINE_BYTES at most, a thousand lines or so) is imported here instead: that
// takes a few milliseconds, where starting a worker takes a few hundred. Which one a file is
// shows from what arrives, whatever length the request declared or did not.
import type { Worker } from 'node:worker_threads';
import type { DateOrder, DuplicatePolicy } from '../../../src-shared/vocabulary.ts';
import type { AccountDomain } from '../../domain/account-domain.ts';
import type { ImportOutcome } from '../../domain/duplicates.ts';
import { DomainError, type DomainErrorCode, type DuplicateCount } from '../../domain/errors.ts';
import { StoreError, type StoreProblem } from '../../store/index.ts';
import { Refusal } from '../errors.ts';
import { tooLargeMessage } from './body-rules.ts';
import { whenNotBusy } from './busy-retry.ts';
import { asError } from '../../../src-shared/message-of.ts';

/** What the worker is given. */
export interface ImportJob {
  dataDir: string;
  timeZone: string;
  nowMs: number;
  accountId: number;
  busyTimeoutMs: number;
  dateOrder: DateOrder;
  duplicates: DuplicatePolicy;
}

export type ToWorker = { type: 'chunk'; bytes: Uint8Array } | { type: 'end' } | { type: 'abort' };

export type WorkerFailure =
  | {
      kind: 'domain';
      code: DomainErrorCode;
      message: string;
      line: number | undefined;
      duplicates: DuplicateCount | undefined;
    }
  | { kind: 'store'; problem: StoreProblem | undefined; message: string }
  | { kind: 'other'; message: string };

export type FromWorker =
  { type: 'ack' } | { type: 'done'; outcome: ImportOutcome } | { type: 'failed'; failure: WorkerFailure };

/** How the window's import reads the file: slashed dates' order, and rows already in the ledger. */
export interface ImportChoices {
  dateOrder: DateOrder;
  duplicates: DuplicatePolicy;
}

/** Takes an account's CSV as a stream of bytes; resolves with what was imported. */
export type CsvImporter = (
  accountId: number,
  body: ReadableStream<Uint8Array> | null,
  choices?: ImportChoices,
) => Promise<ImportOutcome>;

export interface ImporterOptions {
  /** For small files, imported on this thread. */
  domain: AccountDomain;
  dataDir: string;
  timeZone: string;
  clock: () => number;
  /** Largest body taken, in bytes. */
  limit: number;
  /** Called once the worker has committed: this thread's caches must look again. */
  onCommitted: () => void;
  /** Called as a file too big to import on this thread starts (a process that stays up wants V8's optimizing compilers then). */
  onWorkerImport?: () => void;
}

/** Files of at most this many bytes are imported on the request's thread. */
export const INLINE_BYTES = 64 * 1024;
/** Chunks sent to the worker and not yet read by it. With 64 KiB chunks, about 1 MiB. */
const IN_FLIGHT = 16;
/** The worker waits this long for another writer's lock (it blocks only itself). */
const WORKER_BUSY_TIMEOUT_MS = 30_000;
/** The worker's heap: an import needs little, and a runaway one must not take the machine's memory. */
const WORKER_HEAP_MB = 256;

// Next to this file in the sources; next to the bundle's index.js in the built desktop app.
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './import-worker.ts' : './import-worker.js',
  import.meta.url,
);

function failureError(f: WorkerFailure): Error {
  if (f.kind === 'domain') return new DomainError(f.code, f.message, f.line, f.duplicates);
  if (f.kind === 'store') return new StoreError(f.message, f.problem);
  return new Error(`the import failed: ${f.message}`);
}

function uploadFailed(): Refusal {
  return new Refusal(
    400,
    'upload_failed',
    'the CSV file did not arrive whole (the upload was cut short); nothing was imported',
  );
}

/** The body, read as it arrives, counted against the limit. */
class Upload {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  readonly #limit: number;
  #bytes = 0;

  constructor(body: ReadableStream<Uint8Array> | null, limit: number) {
    this.#reader = body?.getReader();
    this.#limit = limit;
  }

  /** The next chunk, or undefined at the end. */
  async next(): Promise<Uint8Array | undefined> {
    if (this.#reader === undefined) return undefined;
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await this.#reader.read();
    } catch {
      throw uploadFailed();
    }
    if (read.done) return undefined;
    this.#bytes += read.value.byteLength;
    if (this.#bytes > this.#limit) throw new Refusal(413, 'too_large', tooLargeMessage(this.#limit, true));
    return read.value;
  }

  /** The chunks up to the end, or up to more than `bytes` of them; `ended` says which. */
  async head(bytes: number): Promise<{ chunks: Uint8Array[]; ended: boolean }> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    while (size <= bytes) {
      const chunk = await this.next();
      if (chunk === undefined) return { chunks, ended: true };
      chunks.push(chunk);
      size += chunk.byteLength;
    }
    return { chunks, ended: false };
  }

  /** Stops reading (what was not read is left to the server to discard). */
  release(): void {
    this.#reader?.releaseLock();
  }
}

export function csvImporter(options: ImporterOptions): CsvImporter {
  let running = false;
  return async (accountId, body, choices = { dateOrder: 'mdy', duplicates: 'ask' }) => {
    // One at a time: a second would only wait for the first one's write lock.
    if (running)
      throw new Refusal(
        409,
        'import_running',
        'another CSV import is still being written; try again when it has finished',
      );
    running = true;
    const upload = new Upload(body, options.limit);
    try {
      const head = await upload.head(INLINE_BYTES);
      if (head.ended) {
        const text = new TextDecoder().decode(Buffer.concat(head.chunks));
        return await whenNotBusy(() => options.domain.importCsv(accountId, text, choices));
      }
      options.onWorkerImport?.();
      const job = {
        dataDir: options.dataDir,
        timeZone: options.timeZone,
        nowMs: options.clock(),
        accountId,
        busyTimeoutMs: WORKER_BUSY_TIMEOUT_MS,
        ...choices,
      };
      return await new ImportRun(job).run(head.chunks, upload);
    } finally {
      upload.release();
      // Also after a failure: the worker may have committed before the answer was lost.
      options.onCommitted();
      running = false;
    }
  };
}

/** One import in a worker: the chunks it has not read yet, and how it ended. */
class ImportRun {
  readonly #worker: Worker;
  #sent = 0;
  #read = 0;
  #finished = false;
  /** Wakes the body reader when the worker has read a chunk, or when the run is over. */
  #wake: (() => void) | undefined;

  constructor(job: ImportJob) {
    // Node's worker module on the first import, not at start: a service that never imports
    // would hold it (about 2 MB) for nothing.
    const { Worker: Thread } = process.getBuiltinModule('node:worker_threads');
    this.#worker = new Thread(WORKER_URL, {
      workerData: job,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
  }

  run(first: readonly Uint8Array[], upload: Upload): Promise<ImportOutcome> {
    const outcome = new Promise<ImportOutcome>((resolve, reject) => {
      this.#worker.on('message', (m: FromWorker) => {
        if (m.type === 'ack') {
          this.#read += 1;
          this.#wake?.();
        } else if (m.type === 'done') resolve(m.outcome);
        else reject(failureError(m.failure));
      });
      this.#worker.on('error', reject);
      this.#worker.on('exit', (code) => {
        reject(new Error(`the import worker stopped (exit ${code}) before it finished`));
      });
      this.#pump(first, upload).catch((err: unknown) => {
        // The worker rolls the transaction back when told (and a stopped worker's connection never commits).
        this.#send({ type: 'abort' });
        reject(asError(err));
      });
    });
    return outcome.finally(() => {
      this.#finished = true;
      this.#wake?.();
      // A finished worker has exited already; one still reading after a failure is stopped.
      setTimeout(() => {
        void this.#worker.terminate();
      }, 1000).unref();
    });
  }

  /** True once the import has ended (a method: it changes while the reader awaits). */
  #over(): boolean {
    return this.#finished;
  }

  #send(m: ToWorker, transfer?: ArrayBuffer[]): void {
    this.#worker.postMessage(m, transfer);
  }

  /** Passes the body to the worker, never more than IN_FLIGHT chunks ahead of it. */
  async #pump(first: readonly Uint8Array[], upload: Upload): Promise<void> {
    for (const chunk of first) await this.#pass(chunk);
    for (let chunk = await upload.next(); chunk !== undefined && !this.#over(); chunk = await upload.next())
      await this.#pass(chunk);
    this.#send({ type: 'end' });
  }

  async #pass(chunk: Uint8Array): Promise<void> {
    // A copy of its own: a chunk may share its memory with others, and moving it would take theirs.
    const copy = chunk.slice();
    this.#send({ type: 'chunk', bytes: copy }, [copy.buffer]);
    this.#sent += 1;
    while (this.#sent - this.#read >= IN_FLIGHT && !this.#over())
      await new Promise<void>((wake) => {
        this.#wake = wake;
      });
  }
}
