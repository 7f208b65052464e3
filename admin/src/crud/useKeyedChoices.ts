/**
 * The choices of a field that references another resource's rows by a column other than their id
 * (`referenceKey`, e.g. adoption_requests.tier = adopt_tiers.slug): one per referenced row, in
 * that resource's list order, named by the row's words in Content when the referenced resource
 * declares `words` (a tier's name in catalog/adopt-tiers), else by its recordRepresentation, else
 * by the key itself. The rows and the words are read where they live, so a tier added in
 * Adoption Tiers or renamed in Content shows at once: no list of them is copied in a declaration.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import type { Choice, FieldDeclaration } from './declaration';
import { useDeclaration } from './useDeclaration';

/** Price tables and the like are small: every row is read at once. */
const ALL = { page: 1, perPage: 1000 };

export function useKeyedChoices(field: FieldDeclaration): Choice[] | undefined {
  const target = useDeclaration(field.reference);
  const key = field.referenceKey ?? 'id';
  const { data: rows } = useGetList(target.name, { pagination: ALL, sort: target.listOptions?.sort });
  const dataProvider = useDataProvider();
  const words = target.words;
  const { data: body } = useQuery({
    queryKey: ['content-words', words?.document],
    queryFn: () => dataProvider.getContentWords(words!.document) as Promise<Record<string, unknown> | null>,
    enabled: Boolean(words),
  });
  if (!rows) return undefined;
  const items = words && Array.isArray(body?.[words.list]) ? (body[words.list] as Record<string, unknown>[]) : [];
  const named = new Map(items.map((item) => [String(item.id), item[words!.name]]));
  const representation = target.recordRepresentation;
  return rows.map((row) => {
    const id = String(row[key]);
    const name = named.get(id) ?? (representation ? row[representation] : undefined) ?? id;
    return { id, name: String(name) };
  });
}
