// CLI failures: one line on stderr and an exit code (2 usage, 1 failure).
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: number;

  constructor(message: string, exitCode = 1) {
    super(message);
    this.exitCode = exitCode;
  }
}

export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
  }
}
