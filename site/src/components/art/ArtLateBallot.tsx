import * as React from 'react';
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

/**
 * The ballot as it is now, next to the one the page was built with (hydrated when the browser is
 * idle, after first paint): designs approved since the build, with their vote forms (their pictures
 * come with the build the approval requested: the page's CSP allows images from its own origin
 * only), and a notice when the built ballot has closed. The next build makes them static.
 */
export default function ArtLateBallot({ builtIds, text, honeypot, rateLimited }: ArtLateBallotProps) {
  const [ballot, setBallot] = React.useState<BallotRow[] | null>(null);
  React.useEffect(() => {
    postRpc<BallotRow[]>('get_buzz_haven_art_ballot', {}).then(setBallot, () => setBallot(null));
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
