// Worker entry when the platform runs from TypeScript sources: a worker thread on Node 20 does
// not inherit the parent's `--import tsx` loader hooks, so it registers tsx itself and then
// loads the real worker module.
import { register } from 'tsx/esm/api';

register();
await import('./canonicalization-worker.ts');
