/**
 * Start-up, the last stage of src/main.tsx: React 19 render hook for antd-mobile, storage
 * migration, i18n, launch tasks, then hydrate the server-rendered home screen (src/ssr) or render
 * from scratch.
 */
import { toLang } from '@bourse/contract';
import { unstableSetRender } from 'antd-mobile';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { App } from './App';
import { hydrateBootData } from './bootData';
import { launch, migrateStorage } from './launch';
import { queryClient } from './queryClient';
import { getToken } from '../api/session';
import { DEFAULT_FIAT, fiatStore } from '../features/platform/api/fiat';
import { i18n, initI18n } from '../i18n';
import { canHydrate } from '../ssr/hydration';
import { nextTask } from './nextTask';

// antd-mobile v5 renders Toast/Dialog imperatively with the legacy ReactDOM.render, which React 19
// no longer has: hand it createRoot (https://mobile.ant.design/guide/v5-for-19).
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

export async function start(): Promise<void> {
  migrateStorage();
  hydrateBootData(queryClient);
  await nextTask();
  await initI18n();
  await nextTask();
  launch();
  await nextTask();
  const el = document.getElementById('root');
  if (!el) throw new Error('#root missing');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  const state = { hash: window.location.hash, lang: toLang(i18n.language), token: getToken(), defaultFiat: fiatStore.get() === DEFAULT_FIAT };
  // The server's guard script hides its markup when it will not be hydrated; React's output shows.
  document.documentElement.removeAttribute('data-ssr-drop');
  if (canHydrate(el.dataset.ssr, state)) {
    // Home is already on screen: hydrating in a transition works in short slices (React yields
    // to the browser every few ms) instead of one long task that would block taps (TBT).
    startTransition(() => {
      hydrateRoot(el, app);
    });
  } else {
    // Another route, language or a signed-in user: the server's markup is not this first render.
    el.textContent = '';
    createRoot(el).render(app);
  }
}

