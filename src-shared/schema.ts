// The one way this project writes a schema: zod's functional build, zod/mini, with zod's English
// messages. Every schema (the app API's request bodies, app-requests.ts; the JSON stored in
// SQLite, src-main/store/stored-json.ts) imports `z` from here, never from 'zod' itself.
// Why mini and not zod's classic build: the classic build brings all of zod with its first
// import (every schema kind and its methods, about 180 KB once bundled), and a one-shot command
// pays for what it loads: `status` reads one stored row through a schema, and zod's classic
// build alone took a third of its run. zod/mini is the same library (the same core, the same
// parse and issues) as functions, so a bundle holds only the kinds a schema uses.
import * as z from 'zod/mini';

// The classic build sets English messages ("Invalid input: expected string, received number")
// itself; mini leaves them to the app, or every issue would read "Invalid input". Their tables
// are made when the first issue needs words: a read that passes never does.
let english: z.core.$ZodErrorMap | undefined;
z.config({ localeError: (issue) => (english ??= z.locales.en().localeError)(issue) });

export { z };
