/// <reference types="node" />
/// <reference types="vitest/config" />
// The planner's build: root `www/`, output `www/dist/`, served by `costfolio serve --www www/dist`.
//
// Development against a server without sessions: set COSTFOLIO_DEV_BASIC=user:password (and
// optionally COSTFOLIO_DEV_API=http://127.0.0.1:8091) and run `npx vite --config www/vite.config.ts`
// (or `vite preview` after a build). The dev server then proxies the API with basic credentials
// and answers `/session` itself; nothing of this reaches the production build.
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));
const basic = process.env.COSTFOLIO_DEV_BASIC;
const api = process.env.COSTFOLIO_DEV_API ?? 'http://127.0.0.1:8091';

function devProxy(): Record<string, ProxyOptions> | undefined {
  if (!basic) return undefined;
  const authorization = 'Basic ' + Buffer.from(basic).toString('base64');
  const options: ProxyOptions = {
    target: api,
    changeOrigin: true,
    configure: (proxy) => {
      proxy.on('proxyReq', (req) => req.setHeader('Authorization', authorization));
    },
  };
  return { '/budgets/': options, '/core/': options, '/audit/': options };
}

/** Answers `/session` for the development proxy (the old server has none). */
function devSession(): Plugin {
  const user = (basic ?? '').split(':')[0] ?? '';
  let signedIn = true;
  const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => {
    if (!basic || !req.url || !req.url.startsWith('/session')) {
      next();
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'DELETE') {
      signedIn = false;
      res.statusCode = 204;
      return res.end();
    }
    if (req.method === 'POST') signedIn = true;
    if (!signedIn) {
      res.statusCode = 401;
      return res.end(JSON.stringify({ errorMessages: ['not signed in'] }));
    }
    res.end(JSON.stringify({ user, budgetAdmin: true, csrf: 'dev', expiresAt: '2099-01-01T00:00:00Z' }));
  };
  return {
    name: 'costfolio-dev-session',
    configureServer: (server) => void server.middlewares.use(handler),
    configurePreviewServer: (server) => void server.middlewares.use(handler),
  };
}

export default defineConfig({
  root,
  base: '/',
  plugins: [preact(), devSession()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    reportCompressedSize: true,
  },
  // The what-if forecast's worker is an ES module (it imports the wasm core).
  worker: { format: 'es' },
  server: { proxy: devProxy(), fs: { allow: [fileURLToPath(new URL('..', import.meta.url))] } },
  preview: { proxy: devProxy() },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    environment: 'node',
  },
});
