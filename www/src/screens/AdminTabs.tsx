// The tabs of the shared data every folio is costed with, which budget administrators keep:
// exchange rates and overtime rules ("Rates" in the top bar opens the first).
import { useLocation } from 'preact-iso';

const TABS = [
  { href: '/admin/exchange-rates', label: 'Exchange rates' },
  { href: '/admin/overtime-rules', label: 'Overtime rules' },
];

export function AdminTabs() {
  const { path } = useLocation();
  return (
    <nav class="tabs" aria-label="Rates">
      {TABS.map((t) => (
        <a key={t.href} href={t.href} aria-current={path === t.href ? 'page' : undefined}>
          {t.label}
        </a>
      ))}
    </nav>
  );
}
