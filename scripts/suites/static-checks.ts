// Lint, typecheck and formatting, each counted as one test: the project is lint clean, strict-typed
// and formatted (prettier, .prettierrc.json) or CI is red.
import type { Suite, SuiteHelpers } from '../suite-list.ts';

export default function staticChecks({ bin }: SuiteHelpers): Suite[] {
  return [
    { name: 'typecheck', command: [...bin('typescript', 'tsc'), '-p', 'tsconfig.json'] },
    { name: 'lint', command: [...bin('eslint'), '.', '--max-warnings', '0'] },
    { name: 'format', command: [...bin('prettier'), '--check', '.'] },
  ];
}
