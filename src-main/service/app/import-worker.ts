// The worker thread of the app API's CSV import (see import-job.ts): its own connection to the
// database, the chunks of the file as they arrive, one transaction, and the outcome posted back.
// Reading a chunk is acknowledged once the lines in it are written, which is what lets the
// request thread send the next one.
import { parentPort, workerData } from 'node:worker_threads';
import { AccountDomain } from '../../domain/account-domain.ts';
import { DomainError } from '../../domain/errors.ts';
import { openStore, storeProblem, type Store } from '../../store/index.ts';
import type { FromWorker, ImportJob, ToWorker, WorkerFailure } from './import-job.ts';
import { messageOf } from '../../../src-shared/message-of.ts';

const port = parentPort;
if (port === null) throw new Error('import-worker.ts runs only as a worker thread');
const job = workerData as ImportJob;

const post = (m: FromWorker): void => {
  port.postMessage(m);
};

/** Messages from the request thread, waited for one at a time. */
const inbox: ToWorker[] = [];
let waiting: ((m: ToWorker) => void) | undefined;
port.on('message', (m: ToWorker) => {
  if (waiting === undefined) inbox.push(m);
  else {
    const w = waiting;
    waiting = undefined;
    w(m);
  }
});

function nextMessage(): Promise<ToWorker> {
  const m = inbox.shift();
  return m === undefined
    ? new Promise((resolve) => {
        waiting = resolve;
      })
    : Promise.resolve(m);
}

async function* chunks(): AsyncGenerator<Uint8Array> {
  for (;;) {
    const m = await nextMessage();
    if (m.type === 'end') return;
    if (m.type === 'abort') throw new Error('the upload was abandoned');
    yield m.bytes;
    // The lines of the chunk have been read and written when the importer asks for the next one.
    post({ type: 'ack' });
  }
}

function failureOf(err: unknown): WorkerFailure {
  if (err instanceof DomainError)
    return { kind: 'domain', code: err.code, message: err.message, line: err.line, duplicates: err.duplicates };
  const problem = storeProblem(err);
  const message = messageOf(err);
  if (problem !== undefined || (err instanceof Error && err.name === 'StoreError'))
    return { kind: 'store', problem, message };
  return { kind: 'other', message };
}

let store: Store | undefined;
try {
  store = openStore(job.dataDir, { busyTimeoutMs: job.busyTimeoutMs, watch: false });
  const domain = new AccountDomain({ store, timeZone: job.timeZone, clock: () => job.nowMs });
  post({
    type: 'done',
    outcome: await domain.importCsvStream(job.accountId, chunks(), {
      dateOrder: job.dateOrder,
      duplicates: job.duplicates,
    }),
  });
} catch (err) {
  post({ type: 'failed', failure: failureOf(err) });
} finally {
  store?.close();
  port.close();
}
