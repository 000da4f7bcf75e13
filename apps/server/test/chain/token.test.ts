import { describe, expect, it } from 'vitest';
import artifact from './TestToken.json';
import { compileToken } from './build-token';

describe('TestToken artifact', () => {
  it('is what solc-js compiles from TestToken.sol (rebuild: npx tsx apps/server/test/chain/build-token.ts)', () => {
    const fresh = compileToken();
    expect(fresh.bytecode).toBe(artifact.bytecode);
    expect(fresh.abi).toEqual(artifact.abi);
  });
});
