import * as React from 'react';
import { postRpc } from '../forms/postRpc';
import { useLocale } from '../../hooks/useLocale';
import { monthName } from './monthName';

export interface ArtResultsText { votes: string; vote: string; winner: string; total: string; none: string; by: string }

interface ResultRow {
  month: string; total_votes: number; id: string; title: string; artist_name: string; votes: number; winner: boolean;
}

export interface ArtLateResultsProps {
  /** The months whose results the build already shows. */
  builtMonths: string[];
  text: ArtResultsText;
}


/**
 * The results of votes closed since the page was built: a close requests a rebuild, which then
 * shows them with their pictures; until it is served, this island (hydrated when the browser is
 * idle, after first paint) asks get_buzz_haven_art_results and shows their titles and tallies.
 */
export default function ArtLateResults({ builtMonths, text }: ArtLateResultsProps) {
  const locale = useLocale();
  const [rows, setRows] = React.useState<ResultRow[]>([]);
  React.useEffect(() => {
    postRpc<ResultRow[]>('get_buzz_haven_art_results', {}).then(
      (all) => setRows(all.filter((r) => !builtMonths.includes(r.month))),
      () => setRows([]),
    );
  }, [builtMonths]);
  const months = [...new Set(rows.map((r) => r.month))];
  if (months.length === 0) return builtMonths.length === 0 ? <p>{text.none}</p> : null;
  return (
    <>
      {months.map((month) => {
        const designs = rows.filter((r) => r.month === month);
        return (
          <section key={month} aria-label={monthName(month, locale)} data-month={month}>
            <h3>{monthName(month, locale)} <span className="art-tally">· {designs[0]!.total_votes} {text.total}</span></h3>
            <ul className="art-designs">
              {designs.map((d) => (
                <li key={d.id} className="card art-design" data-design={d.id}>
                  <h4>{d.title}</h4>
                  <p className="art-design-artist">{text.by} {d.artist_name}</p>
                  <p className="art-tally" data-votes={d.votes}>
                    {d.winner && <span className="art-winner">{text.winner}</span>} {d.votes} {d.votes === 1 ? text.vote : text.votes}
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
