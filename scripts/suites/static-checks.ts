// Lint, typecheck and formatting, each counted as one test: the project is lint clean, strict-typed
// and formatted (prettier, .prettierrc.json) or CI is red.
import type { Suite } from '../test-all.ts';

export default function staticChecks(): Suite[] {
  return [
    { name: 'typecheck', command: ['tsc', '-p', 'tsconfig.json'] },
    { name: 'lint', command: ['eslint', '.', '--max-warnings', '0'] },
    { name: 'format', command: ['prettier', '--check', '.'] },
  ];
}
