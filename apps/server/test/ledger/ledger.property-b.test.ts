import { describe } from 'vitest';
import { propertySeeds, runPropertySeeds } from './property-suite';

// The odd-numbered seeds (ledger.property.test.ts runs the even ones).
describe('ledger property (odd seeds): the books balance after random workloads', () => {
  runPropertySeeds(propertySeeds().filter((_, i) => i % 2 === 1));
});
