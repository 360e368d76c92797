// Loaded with `node --import` into a CLI process the benchmark runs: on exit it writes the
// process's peak resident set (kB) to BENCH_PEAK_RSS_FILE, which the parent cannot read itself.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_PEAK_RSS_FILE;
if (file !== undefined && file !== '') {
  process.on('exit', () => {
    writeFileSync(file, String(process.resourceUsage().maxRSS));
  });
}
