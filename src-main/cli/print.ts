// stdout carries only results, one line at a time (kept apart from context.ts so that commands
// that must start fast, `status --waybar`, load nothing else).
// Written to the descriptor itself: the first touch of process.stdout sets up a stream, and for
// a pipe (a status bar or a script reading us) that loads Node's net and stream modules, about a
// sixth of `status`'s run. Node writes to pipes and files synchronously on Linux anyway. A
// descriptor another program left non-blocking (EAGAIN) is handed to process.stdout, which
// waits for it; once the reader has gone (EPIPE, or ECONNRESET from a socket pair, as Node's
// child_process makes) nothing more is written.
const { writeSync } = process.getBuiltinModule('node:fs');

const STDOUT = 1;
let viaStream = false;
let readerGone = false;

/**
 * `text` as it is, on stdout; false once the reader has gone (nothing more is written). Bytes
 * may be a buffer the caller fills again once this returns (they are copied if they must wait).
 */
export function write(text: string | Uint8Array): boolean {
  if (readerGone) return false;
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  let written = 0;
  if (!viaStream) {
    try {
      while (written < bytes.length) written += writeSync(STDOUT, bytes, written);
      return true;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPIPE' || code === 'ECONNRESET') {
        readerGone = true;
        return false;
      }
      if (code !== 'EAGAIN') throw error;
      viaStream = true;
    }
  }
  // A caller's buffer is copied (it fills it again once this returns); a string's bytes are ours.
  const rest = bytes.subarray(written);
  process.stdout.write(typeof text === 'string' ? rest : Buffer.from(rest));
  return true;
}

export function print(line: string): void {
  write(`${line}\n`);
}
