import { describe } from 'vitest';
import { propertySeeds, runPropertySeeds } from './property-suite';

// The even-numbered seeds; ledger.property-b.test.ts runs the odd ones, so the halves use both cores.
describe('ledger property (even seeds): the books balance after random workloads', () => {
  runPropertySeeds(propertySeeds().filter((_, i) => i % 2 === 0));
});
