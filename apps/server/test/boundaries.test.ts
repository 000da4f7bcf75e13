/**
 * The server's module boundaries, read from the source (no database):
 * - the module dependency picture in docs/architecture.md is the one the imports draw;
 * - the module graph has no cycle;
 * - a module's SQL (and its comments: name a table of another module by its module) names only
 *   its own tables;
 * - route files take their request schemas from packages/contract (none written in a route);
 * - no module keeps run-time state in a module-level variable (services belong to an app context).
 * Imports that bypass a module's index.ts, and http/, db/ or lib/ importing a module, are refused
 * by the lint (eslint.config.mjs).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');
const MODULES = join(SRC, 'modules');

/** Which module owns which table. */
const OWNERS: Record<string, string[]> = {
  identity: ['users', 'verification_codes', 'wallet_identities', 'siwe_nonces', 'kyc_submissions', 'address_book', 'bank_cards', 'outbox'],
  sessions: ['sessions'],
  'sign-in': ['identity_events', 'login_devices'],
  files: ['uploads'],
  operators: ['operators', 'operator_sessions', 'audit_log'],
  ledger: ['accounts', 'journal_entries', 'postings'],
  platform: ['settings', 'menu_items', 'fiat_rates'],
  market: ['currencies', 'instruments', 'market_ticks', 'market_candles', 'market_favourites'],
  assets: ['asset_currency_config', 'asset_deposits', 'asset_withdrawals', 'asset_transfers', 'asset_exchange_quotes', 'asset_exchanges'],
  chain: ['chain_demo_seed', 'chain_assets', 'chain_addresses', 'chain_cursors', 'chain_blocks', 'chain_deposits', 'chain_sends'],
  content: ['content_categories', 'content_items', 'content_translations', 'user_messages', 'user_message_reads'],
  contracts: ['contract_products', 'contract_expiries', 'contract_product_currencies', 'contract_orders'],
  savings: ['savings_products', 'savings_subscriptions', 'savings_incomes', 'savings_runs'],
  spot: ['spot_markets', 'spot_writer_seq', 'spot_orders', 'spot_trades'],
  lever: ['lever_products', 'lever_positions', 'lever_sweep_cursors'],
  follow: ['follow_traders', 'follows', 'follow_copies', 'follow_cursor'],
};


function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

const modules = readdirSync(MODULES).filter((m) => statSync(join(MODULES, m)).isDirectory());
const sources = files(MODULES).map((p) => ({ path: relative(MODULES, p), module: relative(MODULES, p).split('/')[0]!, text: readFileSync(p, 'utf8') }));

/** module → the modules it imports (through any of its files). */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map(modules.map((m) => [m, new Set<string>()]));
  for (const s of sources) {
    const depth = s.path.split('/').length - 1;
    const up = '../'.repeat(depth);
    for (const m of s.text.matchAll(/from '([^']+)'/g)) {
      const spec = m[1]!;
      if (!spec.startsWith(up) || spec.startsWith(`${up}../`)) continue;
      const target = spec.slice(up.length).split('/')[0]!;
      if (target !== s.module && modules.includes(target)) graph.get(s.module)!.add(target);
    }
  }
  return graph;
}

describe('module boundaries', () => {
  it('the module graph has no cycle', () => {
    const graph = moduleGraph();
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (m: string, path: string[]) => {
      if (state.get(m) === 'done') return;
      if (state.get(m) === 'open') {
        cycles.push([...path.slice(path.indexOf(m)), m].join(' → '));
        return;
      }
      state.set(m, 'open');
      for (const d of graph.get(m)!) visit(d, [...path, m]);
      state.set(m, 'done');
    };
    for (const m of modules) visit(m, []);
    expect(cycles).toEqual([]);
  });

  it('docs/architecture.md draws the module graph the imports make', () => {
    const graph = moduleGraph();
    const lines = [...graph.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([m, deps]) => (deps.size ? [...deps].sort().map((d) => `  ${m.replace('-', '_')} --> ${d.replace('-', '_')}`) : [`  ${m.replace('-', '_')}`]));
    const expected = ['```mermaid', 'graph LR', ...lines, '```'].join('\n');
    const doc = readFileSync(join(import.meta.dirname, '../../../docs/architecture.md'), 'utf8');
    expect(doc, `replace the mermaid block of docs/architecture.md with:\n${expected}`).toContain(expected);
  });

  it("a module's SQL names only its own tables", () => {
    const owner = new Map(Object.entries(OWNERS).flatMap(([m, tables]) => tables.map((t) => [t, m] as const)));
    const found: Record<string, string[]> = {};
    for (const s of sources) {
      for (const [table, m] of owner) {
        if (m === s.module) continue;
        const re = new RegExp(`(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin)\\(\\s*'${table}( as \\w+)?'|\\b(from|join|update|into)\\s+${table}\\b`);
        if (re.test(s.text)) (found[s.path] ??= []).push(table);
      }
    }
    for (const k of Object.keys(found)) found[k]!.sort();
    expect(found, "call the owner's index.ts instead").toEqual({});
  });

  it('route files take their request schemas from the contract', () => {
    const routeFile = /(^|[/-])routes?(-[\w-]+)?\.ts$/;
    const schema = /\bz\.(object|string|number|bigint|coerce|enum|union|array|boolean|literal|discriminatedUnion|record|preprocess|tuple)\(/;
    const routes = sources.filter((s) => routeFile.test(s.path));
    expect(routes.length).toBeGreaterThan(20);
    const inline = routes.filter((s) => schema.test(s.text)).map((s) => s.path);
    expect(inline, 'declare the schema in packages/contract/src/api/<domain>-requests.ts').toEqual([]);
  });

  it('keeps run-time state on the app context, not in module-level variables', () => {
    // A `let` at the top level of a module file is process-wide state: two apps in one process
    // (tests) would share it. Keep it in a WeakMap keyed by the AppContext instead.
    const found = sources.flatMap((s) => [...s.text.matchAll(/^(?:export )?let (\w+)/gm)].map((m) => `${s.path}: ${m[1]}`));
    expect(found).toEqual([]);
  });

  it('every table has exactly one owner', () => {
    const all = Object.values(OWNERS).flat();
    expect(new Set(all).size).toBe(all.length);
    const schema = readdirSync(join(SRC, 'db/tables'))
      .map((f) => readFileSync(join(SRC, 'db/tables', f), 'utf8'))
      .concat(readFileSync(join(SRC, 'db/schema.ts'), 'utf8'))
      .join('\n');
    const declared = [...schema.matchAll(/^ {2}([a-z_]+): \w+Table;$/gm)].map((m) => m[1]!).filter((t) => t !== 'schema_functions');
    expect(declared.filter((t) => !all.includes(t))).toEqual([]);
  });
});
