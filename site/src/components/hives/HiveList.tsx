import * as React from 'react';
import { useLocale } from '../../hooks/useLocale';
import { hiveLines, type MapHive, type MapWords } from './hiveWords';

/**
 * The list of the map's hives, by neighbourhood: the same data as the markers, for keyboards and
 * screen readers, and all of /hives without JavaScript (static HTML from the build).
 */
export function HiveList({ hives, words, empty }: { hives: readonly MapHive[]; words: MapWords; empty: string }) {
  const locale = useLocale();
  if (!hives.length) return <p>{empty}</p>;
  const byNeighbourhood = new Map<string, MapHive[]>();
  for (const hive of hives) byNeighbourhood.set(hive.neighbourhood, [...(byNeighbourhood.get(hive.neighbourhood) ?? []), hive]);
  return (
    <div className="hive-list">
      {[...byNeighbourhood].map(([neighbourhood, group]) => (
        <section key={neighbourhood} aria-labelledby={`hives-${slug(neighbourhood)}`}>
          <h3 id={`hives-${slug(neighbourhood)}`}>{neighbourhood}</h3>
          <ul className="hive-list-items">
            {group.map((hive) => {
              const lines = hiveLines(hive, words, locale);
              return (
                <li key={hive.hiveId} id={`hive-${hive.hiveId}`} className="card hive-card" data-hive={hive.name}>
                  {hive.wrapImageUrl && (
                    <img className="hive-card-wrap" src={hive.wrapImageUrl} alt={lines.imageAlt} width={240} height={160} loading="lazy" decoding="async" />
                  )}
                  <div>
                    <h4 className="hive-card-name">{hive.name}</h4>
                    <p className="hive-card-neighbourhood">{hive.neighbourhood}</p>
                    <p className="hive-card-wrap-title">{lines.wrap}</p>
                    {lines.installed && <p className="hive-card-meta">{lines.installed}</p>}
                    {lines.host && <p className="hive-card-meta">{lines.host}</p>}
                    {lines.adopters && <p className="hive-card-meta">{lines.adopters}</p>}
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
