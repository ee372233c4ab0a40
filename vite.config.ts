import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Cross-origin isolation, needed by WebContainer (SharedArrayBuffer); set on dev and preview alike. */
const isolationHeaders = {
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export default defineConfig({
  plugins: [react()],
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: { target: 'es2022', sourcemap: true },
});
