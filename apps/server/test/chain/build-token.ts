/**
 * Compiles TestToken.sol with solc-js (pure JavaScript, no download) into TestToken.json.
 * Run from the repo root: npx tsx apps/server/test/chain/build-token.ts
 * token.test.ts checks the committed artifact against a fresh compile.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = dirname(fileURLToPath(import.meta.url));

interface SolcOutput {
  errors?: Array<{ severity: string; formattedMessage: string }>;
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export function compileToken(): { abi: unknown[]; bytecode: `0x${string}`; solc: string } {
  const require = createRequire(import.meta.url);
  const solc = require('solc') as { compile(input: string): string; version(): string };
  const input = {
    language: 'Solidity',
    sources: { 'TestToken.sol': { content: readFileSync(join(here, 'TestToken.sol'), 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts['TestToken.sol']!.TestToken!;
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, solc: solc.version() };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const artifact = compileToken();
  writeFileSync(join(here, 'TestToken.json'), JSON.stringify(artifact, null, 2) + '\n');
  console.log(`TestToken.json written (solc ${artifact.solc}, ${(artifact.bytecode.length - 2) / 2} bytes)`);
}
