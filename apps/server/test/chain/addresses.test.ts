import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HDKey } from 'viem/accounts';
import { mnemonicToSeedSync } from '@scure/bip39';
import { accountPath, derivers, evmAddress, tronToHex } from '../../src/modules/chain/derive';
import { getInAddress } from '../../src/modules/chain/service';
import type { Database } from '../../src/db/database';
import { createUser, loginToken, testApp } from '../helpers';
import { operatorToken } from '../identity-helpers';
import { chainContext, currencyId, TEST_MNEMONIC } from './helpers';

type Body = { type: string | number; message: unknown; error?: string };

describe('HD derivation (BIP-32/44/84 test vectors)', () => {
  const d = derivers({ mnemonic: TEST_MNEMONIC });

  it('derives the published addresses of the "abandon … about" phrase', () => {
    // BIP-84 test vectors.
    expect(d.btc!.address(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(d.btc!.address(1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
    expect(d.btc!.path(0)).toBe("m/84'/0'/0'/0/0");
    // m/44'/60'/0'/0/0 (MetaMask, Ledger Live) and m/44'/195'/0'/0/0 (TronLink).
    expect(d.evm!.address(0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(d.tron!.address(0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('gives the same addresses from account xpubs alone (no private key on the server)', () => {
    const master = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
    const xpubs = {
      evm: master.derive(accountPath('evm')).publicExtendedKey,
      tron: master.derive(accountPath('tron')).publicExtendedKey,
      btc: master.derive(accountPath('btc')).publicExtendedKey,
    };
    const pub = derivers({ xpubs });
    for (const i of [0, 1, 7, 1000]) {
      expect(pub.evm!.address(i)).toBe(d.evm!.address(i));
      expect(pub.tron!.address(i)).toBe(d.tron!.address(i));
      expect(pub.btc!.address(i)).toBe(d.btc!.address(i));
    }
    expect(pub.evm!.keyId).toBe(d.evm!.keyId);
  });

  it('TRON addresses carry the 20-byte keccak address of their key and a valid checksum', () => {
    const master = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
    for (const i of [0, 3]) {
      const key = master.derive(`${accountPath('tron')}/0/${i}`);
      expect(tronToHex(d.tron!.address(i))).toBe(evmAddress(key.publicKey!));
    }
    const a = d.tron!.address(0);
    const broken = a.slice(0, -1) + (a.endsWith('H') ? 'J' : 'H');
    expect(() => tronToHex(broken)).toThrow();
  });

  it('derives testnet bech32 addresses on BTC_NETWORK=testnet', () => {
    const t = derivers({ mnemonic: TEST_MNEMONIC }, 'testnet');
    // BIP-84 testnet account m/84'/1'/0'.
    expect(t.btc!.address(0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
  });
});

describe('deposit addresses on the database', () => {
  let t: { db: Database };
  beforeAll(async () => {
    t = { db: (await app()).ctx.db };
  });

  it('allocates one address per user and chain, in parallel, never sharing an index', async () => {
    const ctx = chainContext(t.db, {});
    const eth = await currencyId(t.db, 'ETH');
    const usdtErc = await currencyId(t.db, 'USDT', 'ERC20');
    const users: number[] = [];
    for (let i = 0; i < 12; i++) users.push(await createUser(t.db));
    // Every user asks twice for ETH and once for USDT-ERC20 (same chain), all at once.
    const answers = await Promise.all(
      users.flatMap((u) => [
        getInAddress(ctx, u, eth),
        getInAddress(ctx, u, eth),
        getInAddress(ctx, u, usdtErc),
      ]),
    );
    users.forEach((_, i) =>
      expect(new Set(answers.slice(i * 3, i * 3 + 3).map((a) => a.address)).size).toBe(1),
    );
    const d = derivers({ mnemonic: TEST_MNEMONIC });
    const rows = await t.db
      .selectFrom('chain_addresses')
      .selectAll()
      .where('chain', '=', 'evm')
      .where('key_id', '=', d.evm!.keyId)
      .orderBy('derivation_index')
      .execute();
    expect(rows).toHaveLength(users.length);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set(users));
    expect(rows.map((r) => r.derivation_index)).toEqual(users.map((_, i) => i));
    for (const r of rows) expect(r.address).toBe(d.evm!.address(r.derivation_index));
    // The database refuses a reused address.
    await expect(
      t.db
        .insertInto('chain_addresses')
        .values({
          user_id: users[0]!,
          chain: 'evm',
          key_id: 'other',
          derivation_index: 0,
          path: 'x',
          address: rows[1]!.address,
        })
        .execute(),
    ).rejects.toThrow();
  });
});

// One app for the file (the embedded default: demo data on, no WALLET_MNEMONIC).
let shared: Promise<Awaited<ReturnType<typeof testApp>>> | undefined;
const app = () => (shared ??= testApp());
afterAll(async () => (await shared)?.close());

describe('POST /wallet/get_in_address', () => {
  let h: Awaited<ReturnType<typeof testApp>>;
  let token: string;
  let userId: number;
  const call = (payload: Record<string, unknown>, auth = token) =>
    h.app
      .inject({
        method: 'POST',
        url: '/api/wallet/get_in_address',
        headers: { authorization: auth },
        payload,
      })
      .then((r) => r.json<Body>());

  beforeAll(async () => {
    // Embedded default: demo data on, no WALLET_MNEMONIC: a demo seed is generated on first start.
    h = await app();
    userId = await createUser(h.ctx.db, 'password123');
    const email = (
      await h.ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()
    ).email!;
    token = await loginToken(h.app, email, 'password123');
  });

  it('answers the address of each chain in the envelope, labelled demo', async () => {
    const ids = {
      erc: await currencyId(h.ctx.db, 'USDT', 'ERC20'),
      trc: await currencyId(h.ctx.db, 'USDT', 'TRC20'),
      eth: await currencyId(h.ctx.db, 'ETH'),
      btc: await currencyId(h.ctx.db, 'BTC'),
    };
    const erc = await call({ currency: ids.erc, user_id: userId });
    expect(erc).toMatchObject({
      type: 'ok',
      code: 1,
      message: {
        currency_id: ids.erc,
        currency: 'USDT',
        sub_name: 'ERC20',
        chain: 'Ethereum',
        confirmations: 12,
        min_deposit: '1',
        demo: true,
      },
    });
    const evmAddress = (erc.message as { address: string }).address;
    expect(evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // ETH shares the EVM address; asking again gives the same one.
    expect((await call({ currency: ids.eth })).message).toMatchObject({
      address: evmAddress,
      currency: 'ETH',
      min_deposit: '0.001',
    });
    expect((await call({ currency: ids.erc, user_id: userId })).message).toMatchObject({
      address: evmAddress,
    });
    expect((await call({ currency: ids.trc })).message).toMatchObject({
      chain: 'TRON',
      sub_name: 'TRC20',
      address: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/) as unknown,
    });
    expect((await call({ currency: ids.btc })).message).toMatchObject({
      chain: 'Bitcoin',
      address: expect.stringMatching(/^bc1q[02-9ac-hj-np-z]{38}$/) as unknown,
    });
    const seed = await h.ctx.db.selectFrom('chain_demo_seed').selectAll().executeTakeFirstOrThrow();
    expect(seed.note).toMatch(/DEMO/);
  });

  it('refuses another user id, unsupported currencies and visitors', async () => {
    const eth = await currencyId(h.ctx.db, 'ETH');
    expect(await call({ currency: eth, user_id: userId + 1 })).toMatchObject({
      type: 'error',
      error: 'chain_user_mismatch',
    });
    expect(await call({ currency: await currencyId(h.ctx.db, 'BANKCARD') })).toMatchObject({
      type: 'error',
      error: 'chain_currency_unsupported',
    });
    expect(await call({ currency: eth }, 'nope')).toMatchObject({ type: 999 });
  });

  it('refuses addresses when no seed is configured (no WALLET_MNEMONIC, no demo seed)', async () => {
    await h.ctx.db.deleteFrom('chain_demo_seed').execute();
    const ctx = chainContext(h.ctx.db, { mnemonic: undefined });
    const u = await createUser(h.ctx.db);
    await expect(getInAddress(ctx, u, await currencyId(h.ctx.db, 'ETH'))).rejects.toMatchObject({
      code: 'chain_wallet_not_configured',
    });
  });
});

describe('console: /admin/chain', () => {
  it('shows the chains, the demo seed and the deposit settings, and audits a changed minimum', async () => {
    const h = await app();
    const opToken = await operatorToken(h, { ip: '10.9.9.9' });
    const status = await h.app
      .inject({ method: 'GET', url: '/api/admin/chain/status', headers: { authorization: opToken } })
      .then((r) => r.json<Body>());
    expect(status.type).toBe('ok');
    const s = status.message as {
      chains: Array<{ chain: string; watched: boolean }>;
      assets: Array<{ currency_id: number; min_deposit: string }>;
      signer: unknown;
    };
    expect(s.chains.map((c) => [c.chain, c.watched])).toEqual([
      ['evm', false],
      ['tron', false],
      ['btc', false],
    ]);
    expect(s.signer).toBeNull();
    const eth = await currencyId(h.ctx.db, 'ETH');
    expect(s.assets.find((a) => a.currency_id === eth)?.min_deposit).toBe('0.001');

    const upd = await h.app
      .inject({
        method: 'POST',
        url: `/api/admin/chain/assets/${eth}`,
        headers: { authorization: opToken },
        payload: { min_deposit: '0.05' },
      })
      .then((r) => r.json<Body>());
    expect(upd).toMatchObject({ type: 'ok', message: { min_deposit: '0.05', enabled: true } });
    const audit = await h.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'chain.asset.update')
      .execute();
    expect(audit).toHaveLength(1);
    const bad = await h.app
      .inject({
        method: 'POST',
        url: `/api/admin/chain/assets/${eth}`,
        headers: { authorization: opToken },
        payload: { min_deposit: '0.1234567890123456789' },
      })
      .then((r) => r.json<Body>());
    expect(bad.type).toBe('error');
    // Users see no chain console.
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/admin/chain/status' }).then((r) => r.json<Body>()))
        .type,
    ).toBe(999);
  });
});
