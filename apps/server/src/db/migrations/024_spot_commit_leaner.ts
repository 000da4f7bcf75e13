/**
 * Less PostgreSQL work per spot order (docs/benchmarks.md, eleventh session). Two changes, each
 * measured with the writer alone (bench/spot-writer.ts, groups of 64):
 *
 * - A spot group's balances are changed without the explicit shortfall check before the update.
 *   `ledger_batch_apply` locks the accounts, then sums the postings per account twice: once to
 *   look for a shortfall (so that `ledger_post_batch` can return null before anything changed),
 *   once to change the balances. A spot group never needs that "nothing changed": a shortfall
 *   refuses the whole group anyway. So `spot_commit_group2` now locks the accounts (in id order,
 *   as before) and changes them in one statement, and an overdraw is refused by the accounts'
 *   own CHECK constraints (`accounts_available_nonneg`, `accounts_frozen_nonneg`), which the
 *   writer reads as the same refusal as BS002 ("the ledger refused the group"). The database still
 *   refuses every overdraw; the check is not weakened, only done once. About 9 % of the backends'
 *   CPU per order.
 * - The journal's and the trades' id sequences are looked up once per call instead of once per
 *   row (`pg_get_serial_sequence` reads the catalogs each time).
 *
 * `ledger_batch_apply` itself is unchanged (savings accrual and the other batch posters still get
 * false on a shortfall before anything changed). The functions are re-created from 023's text
 * with only these changes, so their logic keeps one source.
 */
import { spotCommitOverlap } from './023_spot_commit_overlap';

const [ledgerApply, ledgerRecord, , spotCommit] = spotCommitOverlap as [string, string, string, string];

/** `ledger_batch_apply`'s update of the balances (the postings summed per account), as 023 wrote it. */
const UPDATE_END = '(d.d_avail <> 0 or d.d_frozen <> 0);';
const balancesUpdate = ledgerApply.slice(
  ledgerApply.indexOf('update accounts a'),
  ledgerApply.indexOf(UPDATE_END) + UPDATE_END.length,
);
if (!balancesUpdate.startsWith('update accounts a'))
  throw new Error('migration 024: 023 changed (the balances update)');

/** Replaces `from` by `to` in a function's text, or fails the migration if `from` is not there. */
function edit(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`migration 024: 023 changed (${from.trim().slice(0, 60)})`);
  return text.replace(from, to);
}

let record = edit(
  ledgerRecord,
  `   declare
     v_ids bigint[];`,
  `   declare
     v_ids bigint[];
     v_seq regclass := pg_get_serial_sequence('journal_entries', 'id')::regclass;`,
);
record = edit(record, `nextval(pg_get_serial_sequence('journal_entries', 'id'))`, `nextval(v_seq)`);

let commit = edit(
  spotCommit,
  `     v_trades integer := coalesce(array_length(t_maker, 1), 0);`,
  `     v_trades integer := coalesce(array_length(t_maker, 1), 0);
     v_trade_seq regclass := pg_get_serial_sequence('spot_trades', 'id')::regclass;`,
);
commit = edit(commit, `nextval(pg_get_serial_sequence('spot_trades', 'id'))`, `nextval(v_trade_seq)`);
commit = edit(
  commit,
  `     if coalesce(array_length(p_kinds, 1), 0) > 0 and not ledger_batch_apply(p_accounts, p_buckets, p_amounts) then
       raise exception 'spot: the ledger refused the group' using errcode = 'BS002';
     end if;`,
  `     -- The balances: locked in id order (no deadlock with other ledger writers), then changed by
     -- one statement; an overdraw fails it through the accounts' CHECK constraints.
     if coalesce(array_length(p_kinds, 1), 0) > 0 then
       perform 1 from accounts where id = any(p_accounts) order by id for no key update;
       ${balancesUpdate}
     end if;`,
);

export const spotCommitLeaner: string[] = [record, commit];
