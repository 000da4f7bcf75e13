import { describe } from 'vitest';
import { propertySeeds, runPropertySeeds } from './property-suite';

describe('ledger property (seeds 11-20): the books balance after random workloads', () => {
  runPropertySeeds(propertySeeds().slice(10));
});
