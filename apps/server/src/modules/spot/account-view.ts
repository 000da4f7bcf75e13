/**
 * A market writer's view of its users' money: the ids of the accounts its orders spend from and
 * are paid to (users' spot accounts in the market's two currencies, the `fees` and `rounding`
 * system accounts), and the available balance of the accounts its orders spend from.
 *
 * The balances are read once, then moved by the writer's own entries (a freeze spends, a credit
 * adds). The ledger re-checks every group under row locks, so a view that is too high (money
 * left an account through another path) only makes a commit fail; a view that is too low (money
 * arrived) is re-read, with nothing in flight, before an order is refused (`stale`).
 */
import type { Database } from '../../db/database';
import { availableBalances, ledger, userAccountIds, type ManyEntry } from '../ledger';
import type { SpotMarket } from './market';
import type { AccountOf } from './settlement';
import { SPOT_ACCOUNT_TYPE } from './types';

/** A shortfall re-reads the account's balance from the database at most this often. */
const REFRESH_MS = 500;

export class AccountView {
  /** Account ids by `user:currency` and `code:currency` (ids never change, so they survive rebuilds). */
  private ids = new Map<string, number>();
  /** The view of available balances of the accounts orders spend from. */
  private balances = new Map<number, bigint>();
  /** When an account's balance was last read with nothing in flight (exact then). */
  private refreshedAt = new Map<number, number>();

  constructor(private readonly db: Database) {}

  /** A user's (number) or system account's (code) id; prepared before matching (`ensureUsers`, `ensureSystem`). */
  readonly id: AccountOf = (owner, currencyId) => {
    const id = this.ids.get(`${owner}:${currencyId}`);
    if (id === undefined) throw new Error(`spot: account ${owner}:${currencyId} was not prepared`);
    return id;
  };

  /** The view of an account's available balance (0 when not read). */
  available(accountId: number): bigint {
    return this.balances.get(accountId) ?? 0n;
  }

  /** An order froze `amount` of the account (already checked against the view). */
  spend(accountId: number, amount: bigint): void {
    this.balances.set(accountId, this.available(accountId) - amount);
  }

  /** Credits of an entry to available buckets count for later orders (this group's and the next). */
  credit(entry: ManyEntry): void {
    for (const l of entry.legs) {
      if (l.bucket !== 'available' || l.amount <= 0n) continue;
      const cur = this.balances.get(l.accountId);
      if (cur !== undefined) this.balances.set(l.accountId, cur + l.amount);
    }
  }

  /** True when the account's balance may be behind the database (not re-read within REFRESH_MS). */
  stale(accountId: number): boolean {
    return Date.now() - (this.refreshedAt.get(accountId) ?? 0) > REFRESH_MS;
  }

  /** Forgets every balance (a rebuild: the database is the truth again). */
  clear(): void {
    this.balances.clear();
    this.refreshedAt.clear();
  }

  /**
   * Reads the balances of the accounts not in the view yet. Read while groups are in flight, a
   * balance may miss their credits (never their debits: they only touch accounts already in the
   * view), so it can only be low; a shortfall re-reads it (`refresh`).
   */
  async load(accountIds: number[]): Promise<void> {
    const missing = [...new Set(accountIds)].filter((id) => !this.balances.has(id));
    if (missing.length) for (const [id, available] of await availableBalances(this.db, missing)) this.balances.set(id, available);
  }

  /** Re-reads balances with nothing in flight: the view is then exactly the database's. */
  async refresh(accountIds: number[]): Promise<void> {
    const now = Date.now();
    for (const [id, available] of await availableBalances(this.db, accountIds)) {
      this.balances.set(id, available);
      this.refreshedAt.set(id, now);
    }
  }

  /** Known account ids of users (spot account type, base and quote), creating missing ones. */
  async ensureUsers(m: SpotMarket, userIds: number[]): Promise<void> {
    const currencies = [m.baseCurrencyId, m.quoteCurrencyId];
    const missing = [...new Set(userIds)].filter((u) => currencies.some((c) => !this.ids.has(`${u}:${c}`)));
    if (!missing.length) return;
    for (const r of await userAccountIds(this.db, missing, currencies, SPOT_ACCOUNT_TYPE)) this.ids.set(`${r.user_id}:${r.currency_id}`, r.id);
    for (const u of missing) {
      for (const c of currencies) {
        if (this.ids.has(`${u}:${c}`)) continue;
        this.ids.set(`${u}:${c}`, await this.db.transaction().execute((trx) => ledger.userAccount(trx, u, c, SPOT_ACCOUNT_TYPE)));
      }
    }
  }

  /** A system account's id (`fees`, `rounding`), looked up once. */
  async ensureSystem(code: 'fees' | 'rounding', currencyId: number): Promise<void> {
    const key = `${code}:${currencyId}`;
    if (!this.ids.has(key)) this.ids.set(key, await this.db.transaction().execute((trx) => ledger.systemAccount(trx, code, currencyId)));
  }
}
