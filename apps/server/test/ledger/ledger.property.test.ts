import { describe } from 'vitest';
import { propertySeeds, runPropertySeeds } from './property-suite';

// Seeds 0-9 of 20; ledger.property-b.test.ts runs 10-19 so the two halves use both cores.
describe('ledger property (seeds 1-10): the books balance after random workloads', () => {
  runPropertySeeds(propertySeeds().slice(0, 10));
});
