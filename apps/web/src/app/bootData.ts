/**
 * The first screen's data inlined by the server into index.html (apps/server/src/http/boot-page.ts):
 * query-cache entries put in place before the first render, so Home paints its banners and site
 * name without waiting for /getercSetting and /news/list. Entries are ordinary cached answers:
 * they go stale like any other and are refetched by the usual rules.
 */
import type { QueryClient } from '@tanstack/react-query';

interface BootData {
  queries?: Array<[unknown[], unknown]>;
}

export function hydrateBootData(client: QueryClient, doc: Document = document): number {
  const el = doc.getElementById('boot-data');
  if (!el?.textContent) return 0;
  let data: BootData;
  try {
    data = JSON.parse(el.textContent) as BootData;
  } catch {
    return 0;
  }
  let count = 0;
  for (const entry of data.queries ?? []) {
    if (!Array.isArray(entry) || !Array.isArray(entry[0]) || entry[1] === undefined || entry[1] === null) continue;
    client.setQueryData(entry[0], entry[1]);
    count++;
  }
  el.remove();
  return count;
}
