// A folio's activity: every change to the folio and to everything in it, newest first,
// who made it, when and what it changed, read from the server's journal.
import { api } from '../../api/budgets';
import { keys } from '../../lib/queries';
import { Card } from '../../components/ui';
import { HistoryList } from '../../components/History';
import type { FolioProps } from '../FolioProps';

export function Activity({ folio }: FolioProps) {
  const id = folio.id;
  return (
    <Card title="Activity">
      <p class="muted">Every change to this folio and to its expenses, positions, baselines and custom fields, newest first.</p>
      <HistoryList queryKey={keys.activity(id)} read={(before, signal) => api.activity(id, before, signal)} label="folio's activity" />
    </Card>
  );
}
