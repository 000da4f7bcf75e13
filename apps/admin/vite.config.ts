import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is served by the API server under /admin/ (apps/server serves apps/admin/dist).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd is one large vendor chunk; pages are split per route.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
});
