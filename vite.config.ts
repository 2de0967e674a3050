import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app lives in web/ (index.html there); bundled traces in public/; output in dist/.
export default defineConfig({
  root: 'web',
  publicDir: '../public',
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  build: { outDir: '../dist', emptyOutDir: true, target: 'es2022' },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173, strictPort: false },
});
