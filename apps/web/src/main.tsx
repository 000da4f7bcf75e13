/** Entry: React 19 render hook for antd-mobile, storage migration, i18n, launch tasks, render. */
import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/App';
import { hydrateBootData } from './app/bootData';
import { launch, migrateStorage } from './app/launch';
import { queryClient } from './app/queryClient';
import { initI18n } from './i18n';
import './ui/global.css';

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

async function start(): Promise<void> {
  migrateStorage();
  hydrateBootData(queryClient);
  await initI18n();
  launch();
  const el = document.getElementById('root');
  if (!el) throw new Error('#root missing');
  createRoot(el).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
