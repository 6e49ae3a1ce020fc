// Every unit and component test (vite.config.ts `setupFiles`): after each component test, what it
// rendered is unmounted and the page emptied (Testing Library's cleanup), so tests start alike.
import { afterEach } from 'vitest';

afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/preact');
  cleanup();
});
