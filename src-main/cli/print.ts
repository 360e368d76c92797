// stdout carries only results, one line at a time (kept apart from context.ts so that commands
// that must start fast, `status --waybar`, load nothing else).
export function print(line: string): void {
  process.stdout.write(`${line}\n`);
}
