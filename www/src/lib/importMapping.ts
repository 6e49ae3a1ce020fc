// An import of actuals as the planner prepares it: which of a file's columns holds each field,
// guessed from the header's words (English, German, French, Spanish and the usual ERP and
// timesheet exports) and remembered per folio and kind in this browser, and the file's bytes in
// base64 for the request. The server reads the file and decides; nothing here reads a figure.
import type { ActualsKind, ImportColumns } from '../api/types';

/** A field of an import, as the mapping names it. */
export type ImportField = keyof ImportColumns;

/** A field with its label and whether the kind needs it. */
export interface FieldChoice {
  field: ImportField;
  label: string;
  needed: boolean;
  hint: string;
}

/** The fields of each kind, in the order the form shows them. */
export const IMPORT_FIELDS: Record<ActualsKind, FieldChoice[]> = {
  expenses: [
    { field: 'date', label: 'Date', needed: true, hint: 'The day it is paid' },
    { field: 'amount', label: 'Amount', needed: true, hint: 'What it costs, 0 or more' },
    { field: 'name', label: 'Name', needed: true, hint: 'The supplier or what was bought' },
    { field: 'currency', label: 'Currency', needed: false, hint: "The folio's currency when not mapped" },
    { field: 'key', label: 'Key (invoice number)', needed: false, hint: 'Importing the same file again then changes nothing' },
    { field: 'realises', label: 'Planned item it realises', needed: false, hint: "The planned expense's name or id" },
    { field: 'category', label: 'Category', needed: false, hint: 'OPEX, CAPEX or FINEX; OPEX when not mapped' },
    { field: 'type', label: 'Type', needed: false, hint: '“Imported” when not mapped' },
    { field: 'description', label: 'Description', needed: false, hint: '' },
  ],
  hours: [
    { field: 'person', label: 'Team member', needed: true, hint: "The member's name or user key" },
    { field: 'from', label: 'From', needed: true, hint: "The period's first day" },
    { field: 'until', label: 'Until', needed: false, hint: 'The first day when not mapped' },
    { field: 'hours', label: 'Hours', needed: true, hint: 'Hours worked in the period' },
    { field: 'overtimeHours', label: 'Overtime hours', needed: false, hint: '0 when not mapped' },
  ],
};

/** The words a header of each field is written with, lower case; the first match wins. */
const WORDS: Record<ImportField, RegExp> = {
  date: /^(date|day|datum|fecha|booking date|invoice date|posting date|belegdatum|rechnungsdatum|buchungsdatum)\b/,
  amount: /(amount|betrag|montant|importe|net|netto|total|sum|summe|value|wert|cost|kosten)/,
  currency: /^(currency|ccy|cur|währung|waehrung|devise|moneda)\b/,
  name: /^(name|vendor|supplier|lieferant|fournisseur|proveedor|payee|creditor|kreditor|text|item)\b/,
  key: /(invoice|rechnung|facture|factura|document|beleg|reference|ref\b|voucher|number|nummer|no\.?$|nr\.?$|id$)/,
  realises: /(plan|budget item|planned|realises|po\b|purchase order)/,
  category: /^(category|kategorie|catégorie|categoría|capex\/opex)\b/,
  type: /^(type|typ|art|kind|cost type|kostenart)\b/,
  description: /^(description|beschreibung|memo|note|notes|comment|kommentar)\b/,
  person: /^(employee|person|member|team member|mitarbeiter|name|user|resource|worker)\b/,
  from: /^(from|start|start date|von|beginn|date|datum|period start|week|month)\b/,
  until: /^(to|until|end|end date|bis|ende|period end)\b/,
  hours: /^(hours|stunden|heures|horas|effort|time|duration|worked|worked hours)\b/,
  overtimeHours: /(overtime|über|ueber|ot\b|heures sup)/,
};

/** The header's column for each field of `kind` that `given` does not map already: the first
 * column not taken whose words name the field. */
export function guessColumns(kind: ActualsKind, header: string[], given: ImportColumns = {}): ImportColumns {
  const columns: ImportColumns = { ...given };
  const taken = new Set(Object.values(columns).filter((v): v is string => typeof v === 'string'));
  for (const { field } of IMPORT_FIELDS[kind]) {
    if (columns[field]) continue;
    const found = header.find((h) => h.trim() !== '' && !taken.has(h) && WORDS[field].test(h.trim().toLowerCase()));
    if (found !== undefined) {
      columns[field] = found;
      taken.add(found);
    }
  }
  return columns;
}

/** Only the mapping of `kind`'s fields, and only columns the header has. */
export function mappingFor(kind: ActualsKind, header: string[], columns: ImportColumns): ImportColumns {
  const kept: ImportColumns = {};
  for (const { field } of IMPORT_FIELDS[kind]) {
    const column = columns[field];
    if (column && header.includes(column)) kept[field] = column;
  }
  return kept;
}

const storageKey = (folioId: string, kind: ActualsKind) => `costfolio.import.${folioId}.${kind}`;

/** The mapping last imported with into this folio, for this kind, in this browser. */
export function rememberedColumns(folioId: string, kind: ActualsKind): ImportColumns {
  try {
    const text = localStorage.getItem(storageKey(folioId, kind));
    const value: unknown = text ? JSON.parse(text) : {};
    if (!value || typeof value !== 'object') return {};
    const kept: ImportColumns = Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string'));
    return kept;
  } catch {
    return {};
  }
}

/** Keeps `columns` as this folio's mapping for `kind`. */
export function rememberColumns(folioId: string, kind: ActualsKind, columns: ImportColumns): void {
  try {
    localStorage.setItem(storageKey(folioId, kind), JSON.stringify(columns));
  } catch {
    // A browser that keeps nothing (private mode, full storage) guesses again next time.
  }
}

/** `bytes` in base64, a chunk at a time (a whole file through one `String.fromCharCode` call
 * would overflow the call stack). */
export function base64Of(bytes: Uint8Array): string {
  let text = '';
  const chunk = 0x8000;
  for (let at = 0; at < bytes.length; at += chunk) {
    text += String.fromCharCode(...bytes.subarray(at, at + chunk));
  }
  return btoa(text);
}
