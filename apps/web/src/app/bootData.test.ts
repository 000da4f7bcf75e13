/** Boot data from index.html goes into the query cache once; malformed data is ignored. */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { hydrateBootData } from './bootData';

function fakeDoc(text: string | null) {
  let removed = false;
  const el = text === null ? null : { textContent: text, remove: () => (removed = true) };
  return { doc: { getElementById: (id: string) => (id === 'boot-data' ? el : null) } as unknown as Document, removed: () => removed };
}

describe('hydrateBootData', () => {
  it('puts every entry into the cache under its key and removes the element', () => {
    const client = new QueryClient();
    const { doc, removed } = fakeDoc(
      JSON.stringify({ queries: [[['site-settings'], { site_name: 'X' }], [['news-head', 5, 'en', 6], { list: [] }]] }),
    );
    expect(hydrateBootData(client, doc)).toBe(2);
    expect(client.getQueryData(['site-settings'])).toEqual({ site_name: 'X' });
    expect(client.getQueryData(['news-head', 5, 'en', 6])).toEqual({ list: [] });
    expect(client.getQueryState(['site-settings'])?.isInvalidated).toBe(false);
    expect(removed()).toBe(true);
  });

  it('ignores a missing element, broken JSON and malformed entries', () => {
    const client = new QueryClient();
    expect(hydrateBootData(client, fakeDoc(null).doc)).toBe(0);
    expect(hydrateBootData(client, fakeDoc('{not json').doc)).toBe(0);
    expect(hydrateBootData(client, fakeDoc(JSON.stringify({ queries: [['x', 1], [['k'], null], 5] })).doc)).toBe(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
