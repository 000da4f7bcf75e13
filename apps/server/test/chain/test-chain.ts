/**
 * A real EVM for tests: Hardhat 3's in-process EDR network, served over HTTP JSON-RPC on a
 * local port so the watcher and signer use the same viem http transport as in production
 * (and child processes of the crash test can reach the same chain).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import { createPublicClient, createWalletClient, http, type Hash, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import artifact from './TestToken.json';

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** Hardhat's well-known first test accounts (funded with 10,000 ETH each). */
export const FUNDER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const;
export const SECOND_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const;

export interface TestChain {
  url: string;
  provider: Eip1193;
  publicClient: PublicClient;
  funder: ReturnType<typeof createWalletClient>;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  mine(blocks?: number): Promise<void>;
  /** Deploys TestToken (6 decimals) and returns its address. */
  deployToken(): Promise<`0x${string}`>;
  wait(hash: Hash): Promise<void>;
  close(): Promise<void>;
}

export const tokenAbi = artifact.abi as readonly unknown[];

export async function startTestChain(): Promise<TestChain> {
  const hre = await createHardhatRuntimeEnvironment({});
  const conn = await hre.network.connect();
  const provider = conn.provider as unknown as Eip1193;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
        const one = async (m: { id: unknown; method: string; params?: unknown[] }) => {
          try {
            return {
              jsonrpc: '2.0',
              id: m.id,
              result: await provider.request({ method: m.method, params: m.params ?? [] }),
            };
          } catch (err) {
            const e = err as { code?: number; message?: string; data?: unknown };
            return {
              jsonrpc: '2.0',
              id: m.id,
              error: { code: e.code ?? -32603, message: e.message ?? String(err), data: e.data },
            };
          }
        };
        const out = Array.isArray(body)
          ? await Promise.all(body.map((m) => one(m as { id: unknown; method: string; params?: unknown[] })))
          : await one(body as { id: unknown; method: string; params?: unknown[] });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(out, (_k, v: unknown) => (typeof v === 'bigint' ? `0x${v.toString(16)}` : v)));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const publicClient = createPublicClient({
    chain: hardhat,
    transport: http(url),
    cacheTime: 0,
  }) as PublicClient;
  const funder = createWalletClient({
    account: privateKeyToAccount(FUNDER_KEY),
    chain: hardhat,
    transport: http(url),
  });
  const rpc = <T>(method: string, params: unknown[] = []) =>
    provider.request({ method, params }) as Promise<T>;
  const wait = async (hash: Hash) => {
    const r = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    if (r.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  };
  return {
    url,
    provider,
    publicClient,
    funder,
    rpc,
    wait,
    async mine(blocks = 1) {
      await rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
    },
    async deployToken() {
      const hash = await funder.deployContract({
        abi: artifact.abi,
        bytecode: artifact.bytecode as `0x${string}`,
        account: funder.account,
        chain: hardhat,
      });
      const r = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (!r.contractAddress) throw new Error('no contract address');
      return r.contractAddress;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await conn.close();
    },
  };
}
