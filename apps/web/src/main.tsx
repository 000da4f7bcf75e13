/**
 * Entry. The first screen's code is one `boot` chunk, downloaded with the page (modulepreload)
 * and built with Rolldown's `strictExecutionOrder` (vite.config.ts): a module's body runs when it
 * is first imported, not when the chunk loads. So the chunk is evaluated here in stages, each in
 * a task of its own with a yield between them, instead of in one task of 300–400 ms at 4× CPU
 * after the server-rendered home screen has painted (issue 9: TBT): React and ReactDOM, then the
 * router and the query cache, then i18next and the English messages, then the app, which starts
 * (app/start.tsx: boot data, i18n, launch tasks and hydration, with yields between them too).
 */
import './ui/global.css';
import { nextTask } from './app/nextTask';

async function boot(): Promise<void> {
  await import('./app/stage-react');
  await nextTask();
  await import('./app/stage-libs');
  await nextTask();
  await import('./app/stage-i18n');
  await nextTask();
  const { start } = await import('./app/start');
  await nextTask();
  await start();
}

void boot();
