#!/usr/bin/env node
// The package's command (and `npm run cli`). Plain JavaScript that any Node can parse, so that an
// older Node says in one line what it needs instead of failing on what it lacks. Then Node's
// compile cache is turned on before any of the CLI loads: warm runs skip parsing and compiling.
// It runs the CLI's bundle (out/cli, built by `npm ci` through `prepare`: a few files instead of
// a hundred modules), or the TypeScript sources when there is no bundle (installed with
// --ignore-scripts), which Node runs directly from 22.18 (23.6 on 23.x).
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18) || (major === 23 && minor < 6)) {
  process.stderr.write(
    `account-monitor: needs Node 22.18 or newer (this is Node ${process.version}); ` +
      'run it with "npm run cli -- ...", which uses the project\'s own Node 24, or install a newer Node\n',
  );
  process.exit(1);
}
// getBuiltinModule rather than an import: importing node:fs builds its whole module face (about 3 ms).
const { enableCompileCache } = process.getBuiltinModule('node:module');
enableCompileCache();
const { existsSync } = process.getBuiltinModule('node:fs');
const bundle = new URL('../out/cli/main.js', import.meta.url);
await import(existsSync(bundle) ? bundle.href : '../src-main/cli/main.ts');
