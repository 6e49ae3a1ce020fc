// The queries the folio's screens show, built in one place: each screen asks with `useQuery(...)`
// of these, and the page's start (`preloadFolio` in screens/Folio.tsx) asks for the first
// screen's with `preload(...)`, the same key and the same request, before that screen is drawn.
import { queryOptions } from '@tanstack/preact-query';
import { api, type Granularity } from '../api/budgets';
import { keepFor, keys } from './queries';

/** A folio's header (GET /folio/{id}): its frame, the tabs' settings. */
export const folioQuery = (id: string) => queryOptions({ queryKey: keys.folio(id), queryFn: ({ signal }) => api.folio(id, signal) });

/** A folio's indicators as of `asOf` (the overview, the scope, what-if's official figures). */
export const indicatorsQuery = (id: string, asOf: string) =>
  queryOptions({
    queryKey: keys.indicators(id, asOf),
    queryFn: ({ signal }) => api.indicators(id, asOf, signal),
    placeholderData: keepFor(id),
  });

/** The forecast's period length when it opens. */
export const FORECAST_GRANULARITY: Granularity = 'month';

/** The forecast: the timeline by `granularity` with the indicators it draws, both as of `asOf`. */
export const forecastQuery = (id: string, asOf: string, granularity: Granularity) =>
  queryOptions({
    queryKey: keys.forecast(id, asOf, granularity),
    queryFn: async ({ signal }) => {
      const [timeline, indicators] = await Promise.all([api.timeline(id, asOf, granularity, signal), api.indicators(id, asOf, signal)]);
      return { timeline, indicators, asOf, granularity };
    },
    placeholderData: keepFor(id),
  });

/** The seed a forecast is drawn with unless the user picks another: the server's default (S14.3). */
export const DEFAULT_SEED = 20140101;

/** The forecast with its confidence as of `asOf`, drawn with `seed` (S14). */
export const confidenceQuery = (id: string, asOf: string, seed: number) =>
  queryOptions({
    queryKey: keys.confidence(id, asOf, seed),
    queryFn: ({ signal }) => api.confidence(id, asOf, seed, signal),
    placeholderData: keepFor(id),
  });
