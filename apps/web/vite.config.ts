import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const API = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/base': API,
      '/order': API,
      '/shopping': API,
      '/healthz': API,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd core + React is the irreducible initial vendor chunk (~515 kB, ~170 kB gzip); pages are lazy.
    // The airport/airline reference data (~645 kB, ~240 kB gzip) is its own lazy chunk, loaded by the
    // flight pages with a dynamic import(), never on first load.
    chunkSizeWarningLimit: 700,
  },
});
