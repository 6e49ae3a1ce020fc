// End-to-end tests of the planner: real Chromium (Debian's, driven by playwright-core) against a
// real `costfolio serve` on a temporary database. Run from the repository root:
//   npx vitest run --config www/e2e/vitest.config.ts
// Needs `target/debug/costfolio` (or COSTFOLIO_BIN), a built planner in www/dist
// (`npm run build:www`) and /usr/bin/chromium (or CHROMIUM). scripts/test-www does all of it.
import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['www/e2e/**/*.e2e.ts'],
    environment: 'node',
    // One server and one Chromium at a time: the files run one after the other.
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    reporters: ['verbose'],
  },
});
