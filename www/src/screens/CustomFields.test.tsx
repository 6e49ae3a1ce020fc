/** @vitest-environment happy-dom */
// A folio's custom-field definitions: listed by what they are for; a SELECT added with its options
// one per line (one POST); one renamed with its id (one PUT); one deleted after a confirmation.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { renderInPlanner } from '../test/render';
import { CustomFields, optionsOf } from './CustomFields';
import { FOLIO } from '../test/fixtures';
import { changesOf, fakeServer } from '../test/server';

const CATALOG = {
  success: {
    customFields: {
      TEAM: [{ id: 3, name: 'Cost centre', style: 'TEXT', type: 'TEAM', required: false }],
      ACTUAL: [{ id: 5, name: 'Work package', style: 'SELECT', type: 'ACTUAL', required: true, options: ['Deck', 'Lighting'] }],
    },
  },
};

async function show() {
  const sent = fakeServer((r) => (r.method === 'GET' ? { body: CATALOG } : r.method === 'POST' ? { body: { success: 6 } } : undefined));
  renderInPlanner(<CustomFields folio={FOLIO} mayChange />);
  await screen.findByRole('table', { name: /^Custom fields of / });
  return sent;
}

const form = () => screen.getByRole('form', { name: /custom field/ });

describe('CustomFields', () => {
  it('lists the definitions with what they are for', async () => {
    await show();
    const row = document.querySelector('tr[data-custom-field="Work package"]') as HTMLElement;
    expect(within(row).getByText('Cost expenses')).toBeTruthy();
    expect(within(row).getByText('required')).toBeTruthy();
    expect(within(row).getByText('Deck, Lighting')).toBeTruthy();
  });

  it('adds a SELECT with its options, one per line', async () => {
    const sent = await show();
    fireEvent.input(within(form()).getByLabelText('Field name'), { target: { value: 'Zone' } });
    fireEvent.change(within(form()).getByLabelText('For'), { target: { value: 'FOLIO' } });
    fireEvent.change(within(form()).getByLabelText('Style'), { target: { value: 'SELECT' } });
    fireEvent.input(within(form()).getByLabelText('Options (one per line)'), { target: { value: 'North\n\n South \n' } });
    fireEvent.click(within(form()).getByLabelText('A value is required'));
    fireEvent.click(screen.getByRole('button', { name: 'Add custom field' }));
    await waitFor(() => expect(changesOf(sent)).toHaveLength(1));
    expect(changesOf(sent)[0]).toEqual({
      method: 'POST',
      path: '/budgets/1/folio/1/customfield',
      body: '{"name":"Zone","type":"FOLIO","style":"SELECT","required":true,"options":["North","South"]}',
    });
  });

  it('renames one: a PUT with its id', async () => {
    const sent = await show();
    fireEvent.click(screen.getByRole('button', { name: 'Edit custom field Cost centre' }));
    fireEvent.input(within(form()).getByLabelText('Field name'), { target: { value: 'Cost center' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save custom field' }));
    await waitFor(() => expect(changesOf(sent)).toHaveLength(1));
    expect(changesOf(sent)[0]).toEqual({
      method: 'PUT',
      path: '/budgets/1/customfield',
      body: '{"name":"Cost center","type":"TEAM","style":"TEXT","required":false,"options":null,"id":3}',
    });
  });

  it('deletes one after a confirmation naming it', async () => {
    const sent = await show();
    fireEvent.click(screen.getByRole('button', { name: 'Delete custom field Work package' }));
    expect(changesOf(sent)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: delete custom field Work package' }));
    await waitFor(() => expect(changesOf(sent)).toEqual([{ method: 'DELETE', path: '/budgets/1/customfield/5', body: undefined }]));
  });

  it('reads options one per line, blank lines left out', () => {
    expect(optionsOf(' a \n\nb\n')).toEqual(['a', 'b']);
  });
});
