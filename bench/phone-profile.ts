/**
 * The throttled phone of the home-route benchmarks (home-perf.ts, home-trace.ts): 4× CPU, 150 ms
 * round trip, 1.6 Mbit/s down and 750 kbit/s up, cache disabled, on a page of a 375×812 DPR 2
 * mobile context. Returns the page and its CDP session.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';

export async function throttledPage(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return { page, cdp };
}
