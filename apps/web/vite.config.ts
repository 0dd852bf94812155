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
    chunkSizeWarningLimit: 600,
  },
});
