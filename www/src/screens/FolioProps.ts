// What a folio's frame hands each of its screens (Overview, Forecast, Costs, What-if, Baselines,
// Export): kept apart from the frame so that the screens do not import it back.
import type { Folio } from '../api/types';

export interface FolioProps {
  folio: Folio;
  asOf: string;
  reloadFolio: () => void;
}
