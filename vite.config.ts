import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { lessonOutline } from './scripts/lessonOutline.js';

/** Cross-origin isolation, needed by WebContainer (SharedArrayBuffer); set on dev and preview alike. */
const isolationHeaders = {
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * `vite preview` gzips every response as it sends it, the 7 MB TypeScript worker too: over
 * loopback that is CPU spent for nothing (4% of a fresh page's CPU on two cores, paid by every
 * end-to-end test and by the budgets; `npm run bench:browsers`). A request from this machine is
 * served as the files are; one from another machine (`--host`) is still compressed.
 */
function loopbackUncompressed(): Plugin {
  return {
    name: 'loopback-uncompressed',
    configurePreviewServer(server) {
      server.middlewares.use((request, _response, next) => {
        const from = request.socket.remoteAddress ?? '';
        if (from === '127.0.0.1' || from === '::1' || from === '::ffff:127.0.0.1') delete request.headers['accept-encoding'];
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), loopbackUncompressed(), lessonOutline()],
  server: { headers: isolationHeaders },
  preview: { headers: isolationHeaders },
  build: { target: 'es2022', sourcemap: true },
});
