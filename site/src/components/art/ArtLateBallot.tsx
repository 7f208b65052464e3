import * as React from 'react';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../forms/config';
import { postRpc } from '../forms/postRpc';
import ArtVoteForm, { type ArtVoteText } from './ArtVoteForm';

interface BallotRow { id: string; title: string; artist_name: string; statement: string; link: string | null; storage_path: string | null }

export interface ArtLateBallotProps {
  /** The designs the build put on the page. */
  builtIds: string[];
  text: ArtVoteText & { by: string; empty: string; closed: string };
  honeypot: string;
  rateLimited: string;
}

/** A signed URL (1 hour) of an approved design's file: anon may read approved designs (Storage RLS). */
async function signedImage(path: string): Promise<string | null> {
  const encoded = path.split('/').map(encodeURIComponent).join('/');
  const response = await fetch(`${SUPABASE_URL}/storage/v1/object/sign/art-submissions/${encoded}`, {
    method: 'POST',
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ expiresIn: 3600 }),
  }).catch(() => null);
  if (!response?.ok) return null;
  const { signedURL } = (await response.json()) as { signedURL?: string };
  return signedURL ? `${SUPABASE_URL}/storage/v1${signedURL}` : null;
}

/**
 * The ballot as it is now, next to the one the page was built with (hydrated when the browser is
 * idle, after first paint): designs approved since the build, with their vote forms, and a notice
 * when the built ballot has closed. The next build (an approval's or a close's) makes them static.
 */
export default function ArtLateBallot({ builtIds, text, honeypot, rateLimited }: ArtLateBallotProps) {
  const [ballot, setBallot] = React.useState<BallotRow[] | null>(null);
  const [images, setImages] = React.useState<Record<string, string>>({});
  React.useEffect(() => {
    postRpc<BallotRow[]>('get_buzz_haven_art_ballot', {}).then(async (rows) => {
      setBallot(rows);
      const late = rows.filter((r) => !builtIds.includes(r.id) && r.storage_path);
      const signed = await Promise.all(late.map(async (r) => [r.id, await signedImage(r.storage_path!)] as const));
      setImages(Object.fromEntries(signed.filter((entry): entry is readonly [string, string] => entry[1] !== null)));
    }, () => setBallot(null));
  }, [builtIds]);
  if (ballot === null) return builtIds.length === 0 ? <p>{text.empty}</p> : null;
  const late = ballot.filter((r) => !builtIds.includes(r.id));
  const closed = builtIds.length > 0 && !ballot.some((r) => builtIds.includes(r.id));
  return (
    <>
      {closed && <p className="notice" role="status">{text.closed}</p>}
      {!closed && ballot.length === 0 && <p>{text.empty}</p>}
      {late.length > 0 && (
        <div className="art-designs art-late">
          {late.map((d) => (
            <article key={d.id} className="card art-design" aria-labelledby={`design-${d.id}`} data-design={d.id}>
              {images[d.id] && <img src={images[d.id]} alt={`${d.title}, ${text.by} ${d.artist_name}`} className="art-design-picture" loading="lazy" style={{ width: '100%', height: 'auto' }} />}
              <h2 id={`design-${d.id}`}>{d.title}</h2>
              <p className="art-design-artist">{text.by} {d.link ? <a href={d.link} rel="noopener noreferrer nofollow">{d.artist_name}</a> : d.artist_name}</p>
              <p>{d.statement}</p>
              <ArtVoteForm designId={d.id} title={d.title} text={text} honeypot={honeypot} rateLimited={rateLimited} />
            </article>
          ))}
        </div>
      )}
    </>
  );
}
