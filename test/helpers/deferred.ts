// A promise a test settles itself: to hold an answer, a check or a step until the test has seen
// what it waits for (the answers' order is then the test's, not the machine's).
export interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (e: Error) => void;
}

export function deferred(): Deferred {
  let resolve: () => void = () => undefined;
  let reject: (e: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
