-- Statement trigger on `postings` inserts (postings_balanced_trg): every posting names an existing
-- account in that account's currency and an existing journal entry, and every entry balances per
-- currency. Checked once per statement with a join each over the inserted rows, instead of three
-- foreign keys per row (a spot group posts hundreds of postings in one statement).
create or replace function postings_balanced()
returns trigger
language plpgsql
as $$
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
end
$$;
