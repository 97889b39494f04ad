// `pnpm bench`: runs the benchmarks and prints figures and ratios. Each benchmark starts and
// stops what it needs. `pnpm bench issuance` runs one by name.
import { runBulkBench } from './bulk.js';
import { runIssuanceBenches } from './issuance.js';
import { runPublicOriginBench } from './public-origin.js';
import { runVerificationBench } from './verification.js';
import { runWebBench } from './web.js';

const BENCHMARKS: Record<string, () => Promise<void>> = {
  issuance: runIssuanceBenches,
  verification: runVerificationBench,
  public: runPublicOriginBench,
  bulk: runBulkBench,
  web: runWebBench,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = wanted.length > 0 ? wanted : Object.keys(BENCHMARKS);
for (const name of names) {
  const bench = BENCHMARKS[name];
  if (!bench) {
    console.error(`unknown benchmark "${name}" (known: ${Object.keys(BENCHMARKS).join(', ')})`);
    process.exit(2);
  }
  await bench();
}
// Worker threads and sockets may linger; the figures are printed.
process.exit(0);
