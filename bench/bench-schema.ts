/** The PostgreSQL schema a benchmark ran in (its own, created by openDatabase), dropped at the end. */
import pg from 'pg';

export async function dropBenchSchema(url: string | undefined, schema: string | undefined): Promise<void> {
  if (!url || !schema) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}
