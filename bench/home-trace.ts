/**
 * One cold load of Home on bench/home-perf.ts's profile with a Chrome performance trace
 * (Tracing domain: timeline + V8 sampling profiler). Writes the raw trace to argv[2].
 *   WEB_DIST=... ADMIN_DIST=... npx tsx bench/home-trace.ts /tmp/trace.json
 */
import { writeFileSync } from 'node:fs';
import { launchBrowser, startServer } from '../e2e/harness';
import { throttledPage } from './phone-profile';

const out = process.argv[2] ?? 'home-trace.json';
const server = await startServer();
const browser = await launchBrowser();
try {
  // warm the server's SSR module once (first render loads the entry)
  await fetch(`${server.baseUrl}/`).then((r) => r.text());
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  const { page, cdp } = await throttledPage(context);
  const events: unknown[] = [];
  cdp.on('Tracing.dataCollected', (e: { value: unknown[] }) => {
    events.push(...e.value);
  });
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  if (!process.env.PROFILE)
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        // TRACE_CATEGORIES=a,b,c (e.g. without the sampling profiler, which slows the page a lot).
        includedCategories: process.env.TRACE_CATEGORIES?.split(',') ?? [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'loading',
          'toplevel',
          'v8.execute',
          'v8',
          'blink.user_timing',
          'disabled-by-default-v8.compile',
          'disabled-by-default-v8.cpu_profiler',
        ],
      },
    });
  if (process.env.PROFILE) {
    // V8 sampling profiler alone (no trace): lower overhead; with long-animation-frame entries for timing.
    await page.addInitScript(
      `window.__frames=[];new PerformanceObserver((l)=>{for(const e of l.getEntries())window.__frames.push({start:e.startTime,duration:e.duration,scripts:e.scripts.map(s=>({start:s.startTime,duration:s.duration,invoker:s.invoker}))})}).observe({type:'long-animation-frame',buffered:true});window.__tasks=[];new PerformanceObserver((l)=>{for(const e of l.getEntries())window.__tasks.push([e.startTime,e.duration])}).observe({type:'longtask',buffered:true});`,
    );
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${server.baseUrl}/#/`, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForTimeout(6000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: unknown };
    const timing = await page.evaluate(() => ({
      origin: performance.timeOrigin,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      tasks: (globalThis as unknown as { __tasks: unknown }).__tasks,
      frames: (globalThis as unknown as { __frames: unknown }).__frames,
    }));
    writeFileSync(out, JSON.stringify({ profile, timing }));
    console.log('profile ->', out);
    await context.close();
  } else {
    await page.goto(`${server.baseUrl}/#/`, { waitUntil: 'load', timeout: 120_000 });
    await page.getByTestId('page-home').waitFor();
    await page.waitForTimeout(5000);
    await cdp.send('Tracing.end');
    await done;
    writeFileSync(out, JSON.stringify({ traceEvents: events }));
    console.log('events', events.length, '->', out);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
