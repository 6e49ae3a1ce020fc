// The declarations of browser.js: the package's typed functions (index.d.ts).
export { load, decimal, isCostfolioError } from './index.js';
export type * from './index.js';
