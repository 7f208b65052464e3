import { useQuery } from '@tanstack/react-query';
import { getContentDocument } from '../resources/content/contentApi';

/**
 * The season as catalog/swarm is published ('April-September'), read from the database
 * (get_buzz_haven_content_documents filtered on the server); null while loading, if the document
 * is unpublished or the read fails (the dashboard then orders its cards as out of season).
 */
export function useSwarmSeason(): string | null {
  const { data } = useQuery({
    queryKey: ['content-document', 'catalog/swarm', 'hotlineSeason'],
    queryFn: async () => {
      const document = await getContentDocument('catalog/swarm');
      const season = (document?.published as { hotlineSeason?: unknown } | null | undefined)?.hotlineSeason;
      return typeof season === 'string' ? season : null;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  return data ?? null;
}
