/**
 * The generated views, table-driven over every declared resource whose screens are generated:
 * the list shows each listed field's header and value as its kind says, the detail page every
 * shown field, the create form an input per form field and the declared messages on bad input.
 */
import '../test/testSetup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resources } from '../resources';
import { renderAdmin, type RpcHandler } from '../test/testHarness';
import { FieldValue } from './FieldValue';
import { renderResource } from '../test/testHarness';
import { textsOf } from './declarationText';
import { withTableRules } from './tableRules';
import type { FieldDeclaration, ResourceDeclaration } from './declaration';

// Sections with generated screens (the resources shown only inside other pages have none), with
// their tables' bounds and choices (tableRules.ts), as the views read them.
const generated = resources.filter((d) => !d.list && d.menu !== false).map((d) => withTableRules(d));

/** A value of each kind, and the text the page must show for it. */
const SAMPLES: Record<string, [unknown, (f: FieldDeclaration) => string]> = {
  text: ['Some text', () => 'Some text'],
  longText: ['Line one', () => 'Line one'],
  url: ['https://example.com/x', () => 'https://example.com/x'],
  image: ['https://example.com/x.png', () => ''],
  money: [1234, () => '$12.34'],
  integer: [7, () => '7'],
  number: [18.5, () => '18.5'],
  date: ['2026-03-01', () => new Date(2026, 2, 1).toLocaleDateString()],
  dateTime: ['2026-04-10T09:05:00Z', () => {
    const d = new Date('2026-04-10T09:05:00Z');
    return `${d.toLocaleDateString()} ${d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;
  }],
  enum: [null, (f) => f.choices![0].name],
  boolean: [true, (f) => f.choices?.find((c) => c.id === 'true')?.name ?? 'Yes'],
  reference: ['r1', () => 'Referenced Row'],
};

// References point at a row of the referenced resource named 'Referenced Row' (by its name, title or code).
const REFERENCED: Record<string, string> = { id: 'r1', slug: 'r1', name: 'Referenced Row', title: 'Referenced Row', code: 'Referenced Row' };

// A reference holds the referenced row's id, or its key column's value (a tier's slug, a neighbourhood's name).
const sampleValue = (f: FieldDeclaration) =>
  f.kind === 'enum' ? f.choices![0].id : f.kind === 'reference' ? REFERENCED[f.referenceKey ?? 'id'] : SAMPLES[f.kind][0];

const sampleRow = (d: ResourceDeclaration) => ({
  id: 'x1',
  ...Object.fromEntries(d.fields.map((f) => [f.source, sampleValue(f)])),
});

// A reference by key (a tier's slug) names the row by its words in Content: 'Referenced Row' there.
const contentWords = resources.filter((r) => r.words).map(({ words }) => ({
  key: words!.document, title: words!.document, published: { [words!.list]: [{ id: 'r1', [words!.name]: 'Referenced Row' }] },
}));

const handlersFor = (d: ResourceDeclaration): Record<string, RpcHandler> => ({
  [d.rpc.list]: () => [sampleRow(d)],
  ...Object.fromEntries(resources.filter((r) => r.name !== d.name).map((r) => [r.rpc.list, () => [REFERENCED]])),
  get_buzz_haven_content_documents: () => contentWords,
});

describe.each(generated.map((d) => [d.name, d] as const))('generated %s', (name, d) => {
  test('list: headers, values by kind, View Details', async () => {
    renderAdmin(`/${name}`, { handlers: handlersFor(d) });
    expect(await screen.findByRole('heading', { name: d.label, level: 1 })).toBeInTheDocument();
    const row = (await screen.findAllByRole('row'))[1];
    await waitFor(() => expect(within(row).getAllByRole('cell').length).toBeGreaterThan(1));
    for (const field of d.fields.filter((f) => f.list !== false)) {
      expect(document.querySelector(`thead .column-${field.source}`)?.textContent).toBe(field.header ?? field.label);
      const text = SAMPLES[field.kind][1](field);
      const cell = row.querySelector(`.column-${field.source}`)!;
      await waitFor(() => expect(cell.textContent).toBe(text));
    }
    expect(within(row).getByRole('link', { name: /View Details/ })).toHaveAttribute('href', `/${name}/x1/show`);
  });

  test('detail: every shown field with its label', async () => {
    renderAdmin(`/${name}/x1/show`, { handlers: handlersFor(d) });
    expect(await screen.findByRole('heading', { name: `${textsOf(d).one} details` })).toBeInTheDocument();
    // Each field's label in its own place (a panel below, e.g. a campaign's preview, may use the same words).
    for (const field of d.fields.filter((f) => f.show !== false)) {
      const place = await waitFor(() => {
        const found = document.querySelector<HTMLElement>(`[data-field="${field.source}"]`);
        expect(found).not.toBeNull();
        return found!;
      });
      expect(within(place).getByText(field.label)).toBeInTheDocument();
    }
  });

  // Sections without a create RPC (orders, swarm reports, adoptions: visitors create them) have no form.
  if (d.rpc.create) test('create: an input per form field; required fields refuse an empty form with their messages', async () => {
    const { calls } = renderAdmin(`/${name}/create`, { handlers: handlersFor(d) });
    expect(await screen.findByRole('heading', { name: textsOf(d).createLabel, level: 1 })).toBeInTheDocument();
    for (const field of d.fields.filter((f) => f.form !== false)) {
      expect((await screen.findAllByText(field.label, { exact: false })).length).toBeGreaterThan(0);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    for (const field of d.fields.filter((f) => f.form !== false && f.required && f.defaultValue === undefined)) {
      const message = typeof field.required === 'string' ? field.required : `${field.label} is required`;
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(calls.filter((c) => c.fn === d.rpc.create)).toEqual([]);
  });
});

test('an enum shows its choice name in its colour, an unknown value capitalised in grey', () => {
  const field: FieldDeclaration = { source: 's', kind: 'enum', label: 'S', choices: [{ id: 'dead_out', name: 'Dead-out', colour: 'red' }] };
  const hives = resources.find((r) => r.name === 'hives')!;
  renderResource(hives, <>
    <FieldValue field={field} record={{ s: 'dead_out' }} />
    <FieldValue field={field} record={{ s: 'quarantine' }} />
  </>, { handlers: {} });
  expect(getComputedStyle(screen.getByText('Dead-out').closest('.MuiChip-root')!).backgroundColor).toBe('rgb(254, 226, 226)');
  expect(getComputedStyle(screen.getByText('Quarantine').closest('.MuiChip-root')!).backgroundColor).toBe('rgb(243, 244, 246)');
});

test('a text in a table cell keeps to two lines with the whole text as its tooltip; the detail page shows it plain', () => {
  const field: FieldDeclaration = { source: 'items_summary', kind: 'text', label: 'Items' };
  const orders = resources.find((r) => r.name === 'orders')!;
  const items = '3 × East Hills Wildflower Honey, 1 × Honey Tasting Gift Set, 2 × Beeswax Pillar Candle';
  renderResource(orders, <>
    <div data-testid="cell"><FieldValue field={field} record={{ items_summary: items }} inTable /></div>
    <div data-testid="detail"><FieldValue field={field} record={{ items_summary: items }} /></div>
  </>, { handlers: {} });
  const cell = within(screen.getByTestId('cell')).getByText(items);
  expect(cell).toHaveAttribute('title', items);
  expect(getComputedStyle(cell).getPropertyValue('-webkit-line-clamp')).toBe('2');
  expect(getComputedStyle(cell).overflow).toBe('hidden');
  expect(screen.getByTestId('detail').textContent).toBe(items);
  expect(screen.getByTestId('detail').querySelector('[title]')).toBeNull();
});
