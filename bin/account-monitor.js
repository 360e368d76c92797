#!/usr/bin/env node
// The package's command: Node (>= 22.18) runs the TypeScript sources directly by stripping types.
import '../src-main/cli/main.ts';
