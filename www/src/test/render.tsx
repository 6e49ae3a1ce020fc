// Renders a component as the planner does: inside the router's location and the query cache
// (cleared first, so that no answer of another test is shown).
import type { ComponentChild } from 'preact';
import { render } from '@testing-library/preact';
import { QueryClientProvider } from '@tanstack/preact-query';
import { LocationProvider } from 'preact-iso';
import { queryClient } from '../lib/queries';

export function renderInPlanner(ui: ComponentChild) {
  queryClient.clear();
  return render(
    <LocationProvider>
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </LocationProvider>,
  );
}
