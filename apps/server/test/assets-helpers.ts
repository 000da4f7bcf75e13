/**
 * Asset-centre set-up the HTTP tests share: the demo app signed in as the operator and the demo
 * user, a currency's configuration through the console API, and the closing check of the books.
 */
import { expect } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/demo/seed';
import { reconcile } from '../src/modules/ledger';
import { loginToken, testApp } from './helpers';
import { api, operatorToken, type Body, type H } from './identity-helpers';
import { currencyId } from './market-helpers';

export interface DemoApp {
  h: H;
  /** The console token of the admin operator. */
  op: string;
  /** The demo user's session token. */
  demo: string;
  usdt: number;
  eth: number;
}

/**
 * The whole app with the demo data (testApp), signed in as the admin operator (from `operatorIp`
 * when given) and as the demo user, with the ids of USDT (ERC20) and ETH.
 */
export async function demoApp({ operatorIp }: { operatorIp?: string } = {}): Promise<DemoApp> {
  const h = await testApp();
  const op = await operatorToken(h, { ip: operatorIp });
  const demo = await loginToken(h.app, DEMO_EMAIL, DEMO_PASSWORD);
  const usdt = await currencyId(h.ctx.db, 'USDT', 'ERC20');
  const eth = await currencyId(h.ctx.db, 'ETH');
  return { h, op, demo, usdt, eth };
}

/** Ends a test file: the books still balance, then the app closes. */
export async function closeBalanced(h: H): Promise<void> {
  expect((await reconcile(h.ctx.db)).violations).toEqual([]);
  await h.close();
}

/** The console's current asset configuration of a currency (GET /api/admin/assets/config). */
export async function assetConfig(h: H, op: string, currencyId: number): Promise<Record<string, unknown>> {
  const cfg = await api(h, 'GET', '/api/admin/assets/config', {}, { token: op });
  const currencies = (
    cfg.message as { currencies: Array<{ currency: { id: number }; config: Record<string, unknown> }> }
  ).currencies;
  return currencies.find((c) => c.currency.id === currencyId)!.config;
}

/** Saves a currency's asset configuration: `config` (as assetConfig answered it) with `changes`. */
export function saveAssetConfig(
  h: H,
  op: string,
  currencyId: number,
  config: Record<string, unknown>,
  changes: Record<string, unknown> = {},
): Promise<Body> {
  return api(
    h,
    'POST',
    `/api/admin/assets/config/${currencyId}`,
    { ...config, ...changes, currency_id: undefined },
    { token: op },
  );
}
