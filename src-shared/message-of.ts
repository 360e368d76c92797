// Whatever was thrown, in words: an Error's message, anything else as text. One rule for every
// log line, refusal and notice that quotes a failure (the service, the CLI, the monitor, the
// desktop shell and the window alike).

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whatever was thrown, as an Error (to reject or rethrow with). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** For a log line about a bug: an Error's stack (or its message), anything else as text. */
export function detailOf(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
