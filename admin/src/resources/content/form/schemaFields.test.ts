import { z } from 'zod';
import { documentSchemas } from '../../../../../supabase/functions/_shared/content-schema/index.ts';
import { labelFromKey } from './labelFromKey';
import { fieldRule } from '../../../crud/fieldSchema';
import type { FieldDeclaration } from '../../../crud/declaration';
import { inSchemaOrder, nodeOf, objectNodes, type FormNode } from './schemaFields';

const byKey = (nodes: FormNode[], key: string) => {
  const found = nodes.find((n) => n.key === key);
  if (!found) throw new Error(`no field ${key} in ${nodes.map((n) => n.key).join(', ')}`);
  return found;
};
const children = (node: FormNode) => {
  if (node.kind !== 'object') throw new Error(`${node.key} is a ${node.kind}, not an object`);
  return node.children;
};

test.each([
  ['title', 'Title'], ['imageAlt', 'Image alt'], ['giftMonths', 'Gift months'], ['ctas', 'CTAs'],
  ['seo', 'SEO'], ['hotline_season', 'Hotline season'], ['swarm-fees', 'Swarm fees'], ['faqURL', 'FAQ URL'],
])('the label of %s is %s', (key, label) => {
  expect(labelFromKey(key)).toBe(label);
});

describe('a schema becomes form fields', () => {
  const schema = z.object({
    title: z.string().trim().min(1, 'Required').max(120),
    intro: z.string().nullish(),
    price: z.number().nonnegative(),
    months: z.number().int().min(1).max(12).optional(),
    popular: z.boolean().nullish(),
    variant: z.enum(['primary', 'secondary']),
    size: z.union([z.literal('s'), z.literal('m')]),
    hero: z.object({ heading: z.string(), buttons: z.array(z.object({ label: z.string(), to: z.string() })) }),
    paragraphs: z.array(z.string()),
    note: z.string().meta({ title: 'Note to staff', multiline: true }),
    trimmed: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string()),
    counted: z.string().transform((v) => v.length),
    when: z.date(),
  });
  const nodes = objectNodes(schema);

  it('keeps the keys in the schema order', () => {
    expect(nodes.map((n) => n.key)).toEqual([
      'title', 'intro', 'price', 'months', 'popular', 'variant', 'size', 'hero', 'paragraphs', 'note', 'trimmed', 'counted', 'when',
    ]);
  });

  it("a document's value is a field of the one field model: a resource's form rules read it alike", () => {
    const months = byKey(nodes, 'months') as FieldDeclaration;
    expect(fieldRule(months).safeParse(12).success).toBe(true);
    expect(fieldRule(months).safeParse(13).error?.issues[0].message).toBe('Months must be between 1 and 12');
    expect(fieldRule(byKey(nodes, 'title') as FieldDeclaration).safeParse('x'.repeat(121)).error?.issues[0].message)
      .toBe('Title is too long (120 characters at most)');
    expect(fieldRule(byKey(nodes, 'variant') as FieldDeclaration).safeParse('tertiary').success).toBe(false);
  });

  it('strings are text inputs, multi-line for sentences, required unless nullish', () => {
    expect(byKey(nodes, 'title')).toEqual({ kind: 'text', key: 'title', source: 'title', label: 'Title', required: true, max: 120 });
    expect(byKey(nodes, 'intro')).toMatchObject({ kind: 'longText', label: 'Intro', required: false });
    expect(byKey(nodes, 'note')).toMatchObject({ kind: 'longText', label: 'Note to staff' });
    // through z.preprocess and .transform, the input is still the string
    expect(byKey(nodes, 'trimmed')).toMatchObject({ kind: 'text', required: true });
    expect(byKey(nodes, 'counted')).toMatchObject({ kind: 'text', required: true });
  });

  it('numbers keep their bounds and whether they are whole', () => {
    expect(byKey(nodes, 'price')).toMatchObject({ kind: 'number', min: 0, required: true });
    expect(byKey(nodes, 'months')).toMatchObject({ kind: 'integer', min: 1, max: 12, required: false });
  });

  it('booleans, enums and unions of literals', () => {
    expect(byKey(nodes, 'popular')).toMatchObject({ kind: 'boolean', required: false });
    expect(byKey(nodes, 'variant')).toMatchObject({ kind: 'enum', choices: [{ id: 'primary', name: 'primary' }, { id: 'secondary', name: 'secondary' }] });
    expect(byKey(nodes, 'size')).toMatchObject({ kind: 'enum', choices: [{ id: 's', name: 's' }, { id: 'm', name: 'm' }] });
  });

  it('objects are groups; lists of objects and of plain values have item fields', () => {
    const hero = byKey(nodes, 'hero');
    expect(hero).toMatchObject({ kind: 'object', label: 'Hero' });
    const buttons = byKey(children(hero), 'buttons');
    expect(buttons.kind).toBe('array');
    if (buttons.kind !== 'array') return;
    expect(children(buttons.item).map((n) => [n.key, n.kind])).toEqual([['label', 'text'], ['to', 'text']]);
    const paragraphs = byKey(nodes, 'paragraphs');
    // a list of sentences: each item a multi-line text with the singular label and no key of its own
    expect(paragraphs).toMatchObject({ kind: 'array', label: 'Paragraphs', item: { kind: 'longText', key: '', label: 'Paragraph' } });
  });

  it('what a form cannot edit is named, not dropped', () => {
    expect(byKey(nodes, 'when')).toMatchObject({ kind: 'unsupported', type: 'date', label: 'When' });
    expect(nodeOf('x', 'not a schema')).toMatchObject({ kind: 'unsupported' });
  });
});

describe('the site documents (supabase/functions/_shared/content-schema)', () => {
  it('home: the hero group with its title, text and CTA list', () => {
    const nodes = objectNodes(documentSchemas.home.schema);
    expect(nodes.map((n) => n.key)).toEqual(Object.keys((documentSchemas.home.schema as unknown as z.ZodObject).shape));
    const hero = children(byKey(nodes, 'hero'));
    expect(byKey(hero, 'title')).toMatchObject({ kind: 'text', label: 'Title', required: true, max: 5000 });
    expect(byKey(hero, 'text')).toMatchObject({ kind: 'longText' });
    expect(byKey(hero, 'eyebrow')).toMatchObject({ kind: 'text', required: false });
    const ctas = byKey(hero, 'ctas');
    expect(ctas).toMatchObject({ kind: 'array', label: 'CTAs' });
    if (ctas.kind === 'array') expect(children(ctas.item).map((n) => [n.key, n.required])).toEqual([['label', true], ['to', true], ['variant', false]]);
  });

  it('catalogue: adopt tiers have a yes/no and lists (their prices are the Adoption Tiers rows), impact stats numbers', () => {
    const nodes = objectNodes(documentSchemas['catalog/adopt-tiers'].schema);
    const tiers = byKey(nodes, 'tiers');
    if (tiers.kind !== 'array') throw new Error('tiers is not a list');
    const tier = children(tiers.item);
    expect(tier.map((n) => n.key)).not.toContain('price');
    expect(nodes.map((n) => n.key)).not.toContain('giftMonths');
    expect(byKey(tier, 'popular')).toMatchObject({ kind: 'boolean', required: false });
    expect(byKey(tier, 'perks')).toMatchObject({ kind: 'array', item: { kind: 'text', label: 'Perk' } });
    const impact = objectNodes(documentSchemas['catalog/impact-stats'].schema);
    expect(byKey(impact, 'goalsYear')).toMatchObject({ kind: 'integer', min: 0 });
  });

  it('every document has a form with no field it cannot edit', () => {
    const unsupported = (list: FormNode[], at: string): string[] => list.flatMap((n) => {
      const here = `${at}${n.key || '[]'}`;
      if (n.kind === 'unsupported') return [here];
      if (n.kind === 'object') return unsupported(n.children, `${here}.`);
      if (n.kind === 'array') return unsupported([n.item], `${here}.`);
      return [];
    });
    for (const [key, { schema }] of Object.entries(documentSchemas)) {
      const nodes = objectNodes(schema);
      expect({ key, count: nodes.length > 0, unsupported: unsupported(nodes, '') }).toEqual({ key, count: true, unsupported: [] });
    }
  });
});

test('a stored document read in the schema order (jsonb sorts the keys), unknown keys last', () => {
  const nodes = objectNodes(z.object({
    hero: z.object({ eyebrow: z.string(), title: z.string(), ctas: z.array(z.object({ label: z.string(), to: z.string() })) }),
    seo: z.object({ title: z.string() }),
  }));
  const stored = { seo: { title: 'S' }, extra: 1, hero: { ctas: [{ to: '/shop', label: 'Shop' }], title: 'T', eyebrow: 'E' } };
  const ordered = inSchemaOrder(nodes, stored) as typeof stored;
  expect(JSON.stringify(ordered)).toBe(
    '{"hero":{"eyebrow":"E","title":"T","ctas":[{"label":"Shop","to":"/shop"}]},"seo":{"title":"S"},"extra":1}',
  );
  expect(inSchemaOrder(nodes, null)).toBeNull();
});
