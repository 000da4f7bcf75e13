/** Second stage of start-up (src/main.tsx): the router and the query cache. */
export { HashRouter } from 'react-router';
export { QueryClientProvider } from '@tanstack/react-query';
