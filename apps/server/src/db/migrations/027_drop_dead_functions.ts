/**
 * Drops the database functions nothing calls any more. `spot_commit_group` (migration 011) was the
 * first spot group commit; `spot_commit_group2` (migration 020, now
 * `modules/spot/sql/spot_commit_group2.sql`) replaced it, and 011's was kept only for a writer of
 * the version before 020 during an upgrade.
 */
export const dropDeadFunctions: string[] = [
  `drop function if exists spot_commit_group(
     integer, bigint, timestamptz, text[], text[], text[], text[], text[],
     integer[], integer[], integer[], smallint[], numeric[], jsonb, jsonb)`,
];
