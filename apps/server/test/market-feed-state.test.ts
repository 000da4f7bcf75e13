/**
 * The price feed's state (the running feed, its role, the last pruning) belongs to one app
 * context: two apps in one process (as tests make) never see each other's feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeFeed, feedStatus, startMarketFeed } from '../src/modules/market';
import { openTestDb, testConfig, testContext, type TestDb } from './helpers';

let t: TestDb;

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(async () => {
  await t.close();
});

describe('market feed state', () => {
  it('is per app context, and stopping the feed clears it', async () => {
    const config = testConfig({ marketFeed: 'off', databaseUrl: undefined });
    const a = testContext(t.db, undefined, config);
    const b = testContext(t.db, undefined, config);
    const feed = await startMarketFeed(a, { tickReferences: [] });
    expect(activeFeed(a)).toBe(feed);
    expect(activeFeed(b)).toBeNull();
    expect((await feedStatus(a)).mode).toBe('off');
    expect((await feedStatus(b)).mode).toBe('stopped');
    await feed.stop();
    expect(activeFeed(a)).toBeNull();
    expect((await feedStatus(a)).mode).toBe('stopped');
  });
});
