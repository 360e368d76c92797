// Lint and typecheck, each counted as one test: the project is lint clean and strict-typed or CI is red.
import type { Suite } from '../test-all.ts';

export default function staticChecks(): Suite[] {
  return [
    { name: 'typecheck', command: ['tsc', '-p', 'tsconfig.json'] },
    { name: 'lint', command: ['eslint', '.', '--max-warnings', '0'] },
  ];
}
