import { render } from 'preact';
import { LocationProvider } from 'preact-iso';
import { QueryClientProvider } from '@tanstack/preact-query';
import { App, start } from './app';
import { queryClient } from './lib/queries';
import './styles.css';
import './entry.css';
import './scenarios.css';

/** Links the router follows in the page: every path of this site but the server's interfaces. */
const IN_APP = /^\/(?!(budgets|core|audit|oauth|session)(\/|$))/;

void start().then(() =>
  render(
    <LocationProvider scope={IN_APP}>
      <QueryClientProvider client={queryClient}>
        <App />
      </QueryClientProvider>
    </LocationProvider>,
    document.getElementById('app')!,
  ),
);
