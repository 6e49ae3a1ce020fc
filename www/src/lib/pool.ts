// At most six requests for the lists' per-row figures at a time (the folios list, a portfolio's
// folios), whatever the number of rows asking: the rest wait their turn, in order.
const LIMIT = 6;
let running = 0;
const waiting: (() => void)[] = [];

/** Runs `task` when fewer than six others are running; its result. */
export async function throttled<T>(task: () => Promise<T>): Promise<T> {
  // A slot is taken here, or handed over by a task that ends (it stays taken).
  if (running < LIMIT) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}
