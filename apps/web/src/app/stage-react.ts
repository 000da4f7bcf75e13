/**
 * First stage of start-up (src/main.tsx): React and ReactDOM, evaluated in a task of their own.
 * Re-exports only what the app uses anyway, so the import keeps nothing extra in the bundle.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
