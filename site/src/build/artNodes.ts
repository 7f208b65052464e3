/**
 * The art collective's designs for the build: this month's ballot
 * (get_buzz_haven_art_ballot, no tallies) and the closed months' results with their tallies
 * (get_buzz_haven_art_results), read with the anon key like the rest of the site's data. Each
 * becomes an ArtDesign node (schema/pages-art.graphql) whose image is the design's file, downloaded
 * from the private 'art-submissions' bucket (an approved design's file is readable by anon: Storage
 * RLS) and sized by gatsby-plugin-image. A seeded design ('seed/<name>' path) uses
 * content/art/<name>, the file the backend also puts into Storage for the back office
 * (supabase/local/src/db/seedStorage.ts), so a build does not depend on that copy. A file that cannot be downloaded leaves the design without a picture
 * and a warning, never a failed build: the ballot must still be published.
 */
export interface ArtDesignRow {
  month: string;
  id: string;
  title: string;
  artist_name: string;
  statement: string;
  link: string | null;
  storage_path: string | null;
  width: number | null;
  height: number | null;
  votes?: number | null;
  total_votes?: number | null;
  winner?: boolean;
}

export interface ArtData {
  ballot: ArtDesignRow[];
  results: ArtDesignRow[];
}

async function rpc<T>(fn: string, url: string, key: string): Promise<T> {
  const response = await fetch(`${url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: key, Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: '{}',
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`The site build's call to ${fn} at ${url} failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export async function fetchArtData(url: string, key: string): Promise<ArtData> {
  const [ballot, results] = await Promise.all([
    rpc<ArtDesignRow[]>('get_buzz_haven_art_ballot', url, key),
    rpc<ArtDesignRow[]>('get_buzz_haven_art_results', url, key),
  ]);
  return { ballot, results };
}

/** Where the build reads a design's file: Storage's authenticated object URL, or content/art/ for a seeded one. */
export function artImageSource(storagePath: string | null, url: string): { storageUrl: string } | { contentFile: string } | null {
  if (!storagePath) return null;
  if (storagePath.startsWith('seed/')) return { contentFile: `art/${storagePath.slice('seed/'.length)}` };
  const encoded = storagePath.split('/').map(encodeURIComponent).join('/');
  return { storageUrl: `${url}/storage/v1/object/authenticated/art-submissions/${encoded}` };
}

/** The fields of an ArtDesign node (without its image). */
export function artDesignFields(row: ArtDesignRow, ballot: boolean) {
  return {
    designId: row.id,
    month: row.month,
    ballot,
    title: row.title,
    artistName: row.artist_name,
    statement: row.statement,
    link: row.link,
    width: row.width,
    height: row.height,
    votes: ballot ? null : row.votes ?? 0,
    totalVotes: ballot ? null : row.total_votes ?? 0,
    winner: ballot ? false : Boolean(row.winner),
  };
}
