import { foundation } from './001_foundation';
import { identity } from './002_identity';
import { market } from './003_market';
import { content } from './004_content';
import { assets } from './005_assets';
import { contracts } from './006_contracts';
import { spot } from './007_spot';
import { savings } from './008_savings';
import { chain } from './009_chain';
import { ledgerBatch } from './010_ledger_batch';
import { spotGroup } from './011_spot_group';
import { ledgerSetChecks } from './012_ledger_set_checks';
import { ledgerLockMode } from './019_ledger_lock_mode';
import { savingsLease } from './018_savings_lease';
import { spotCommitLean } from './020_spot_commit_lean';
import { ledgerBatchPlainInsert } from './021_ledger_batch_plain_insert';
import { spotCommitGeneric } from './022_spot_commit_generic';
import { spotCommitOverlap } from './023_spot_commit_overlap';
import { spotCommitLeaner } from './024_spot_commit_leaner';
import { ledgerLockOrder } from './025_ledger_lock_order';
import { loginDevices } from './026_login_devices';
import { dropDeadFunctions } from './027_drop_dead_functions';
import { lever } from './028_lever';
import { follow } from './029_follow';

/**
 * Ordered migrations. Append new ones; never edit one that has shipped.
 * Each is a list of single SQL statements run in one transaction; an empty list is skipped
 * (not recorded), so a domain's migration can be filled in before it first ships.
 * Database functions are not defined here but in their domain's `sql/` folder, applied after
 * these (`../functions.ts`); a migration only drops a function no longer used. A migration is
 * self-contained: it never builds its SQL from another migration's text.
 */
export const migrations: Array<{ name: string; statements: string[] }> = [
  { name: '001_foundation', statements: foundation },
  { name: '002_identity', statements: identity },
  { name: '003_market', statements: market },
  { name: '004_content', statements: content },
  { name: '005_assets', statements: assets },
  { name: '006_contracts', statements: contracts },
  { name: '007_spot', statements: spot },
  { name: '008_savings', statements: savings },
  { name: '009_chain', statements: chain },
  { name: '010_ledger_batch', statements: ledgerBatch },
  { name: '011_spot_group', statements: spotGroup },
  { name: '012_ledger_set_checks', statements: ledgerSetChecks },
  { name: '018_savings_lease', statements: savingsLease },
  { name: '019_ledger_lock_mode', statements: ledgerLockMode },
  { name: '020_spot_commit_lean', statements: spotCommitLean },
  { name: '021_ledger_batch_plain_insert', statements: ledgerBatchPlainInsert },
  { name: '022_spot_commit_generic', statements: spotCommitGeneric },
  { name: '023_spot_commit_overlap', statements: spotCommitOverlap },
  { name: '024_spot_commit_leaner', statements: spotCommitLeaner },
  { name: '025_ledger_lock_order', statements: ledgerLockOrder },
  { name: '026_login_devices', statements: loginDevices },
  { name: '027_drop_dead_functions', statements: dropDeadFunctions },
  { name: '028_lever', statements: lever },
  { name: '029_follow', statements: follow },
];
