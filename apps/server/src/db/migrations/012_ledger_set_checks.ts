/**
 * The postings' references, checked per statement instead of per row.
 *
 * A posting must name a journal entry and an account that exist, in the account's currency. Until
 * now three foreign keys said so: each inserted posting ran three RI triggers, each an index probe
 * plus a FOR KEY SHARE row lock through SPI. A spot group posts hundreds of postings in one
 * statement, and these per-row checks were about a third of PostgreSQL's CPU per order
 * (docs/benchmarks-history.md, sixth session). The statement trigger that already checks every entry
 * balances now also checks, with one join each over the inserted rows, that every posting's
 * account exists and has its currency (accounts' own foreign key vouches for the currency) and
 * that every posting's entry exists.
 *
 * What the foreign keys also did, refuse deleting a referenced row, stays true: journal entries
 * were already append-only (journal_no_update), and accounts now cannot be deleted at all. Row
 * triggers do not see TRUNCATE (which the foreign keys used to refuse), so statement triggers
 * refuse truncating accounts, journal entries and postings.
 */
export const ledgerSetChecks: string[] = [
  `alter table postings
     drop constraint postings_entry_id_fkey,
     drop constraint postings_account_id_fkey,
     drop constraint postings_currency_id_fkey`,
  `create or replace function postings_balanced() returns trigger language plpgsql as $$
   declare
     bad record;
   begin
     if exists (select 1 from new_rows p left join accounts a on a.id = p.account_id
                where a.id is null or a.currency_id <> p.currency_id) then
       raise exception 'ledger: posting to an unknown account, or in another currency than its account';
     end if;
     if exists (select 1 from new_rows p
                where not exists (select 1 from journal_entries e where e.id = p.entry_id)) then
       raise exception 'ledger: posting without its journal entry';
     end if;
     select entry_id, currency_id into bad from new_rows
       group by entry_id, currency_id having sum(amount) <> 0 limit 1;
     if found then
       raise exception 'ledger: entry % does not balance in currency %', bad.entry_id, bad.currency_id;
     end if;
     return null;
   end $$`,
  `create function accounts_no_delete() returns trigger language plpgsql as $$
   begin
     raise exception 'ledger: accounts are never deleted (their postings refer to them)';
   end $$`,
  `create trigger accounts_no_delete before delete on accounts
     for each statement execute function accounts_no_delete()`,
  `create trigger accounts_no_truncate before truncate on accounts
     for each statement execute function accounts_no_delete()`,
  `create trigger journal_no_truncate before truncate on journal_entries
     for each statement execute function ledger_append_only()`,
  `create trigger postings_no_truncate before truncate on postings
     for each statement execute function ledger_append_only()`,
];
