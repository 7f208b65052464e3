import * as React from 'react';
import { useLocale } from '../../hooks/useLocale';
import type { MapHive, MapWords } from './hiveWords';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/**
 * The map's box: the build writes it with its placeholder words (all that shows there without
 * JavaScript; the list below has every hive); once the page is idle after its first paint,
 * Leaflet and its CSS are fetched (a chunk of this page only) and draw the tiles and one marker
 * per position. When the tiles cannot load, the markers stay and a note says so.
 */
export function HiveMap({ hives, words, placeholder }: { hives: readonly MapHive[]; words: MapWords; placeholder: string }) {
  const locale = useLocale();
  const box = React.useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = React.useState(false);
  const [tilesFailed, setTilesFailed] = React.useState(false);
  React.useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    const win = window as IdleWindow;
    const load = () => {
      void import(/* webpackChunkName: "hive-map-leaflet" */ './leafletMap').then(({ drawHiveMap }) => {
        if (cancelled || !box.current) return;
        destroy = drawHiveMap(box.current, hives, words, locale, () => setTilesFailed(true));
        setDrawn(true);
      });
    };
    const idle = win.requestIdleCallback ? win.requestIdleCallback(load, { timeout: 3000 }) : window.setTimeout(load, 1200);
    return () => {
      cancelled = true;
      if (win.cancelIdleCallback) win.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      destroy?.();
    };
  }, [hives, words, locale]);
  return (
    <div className="hive-map-frame" data-map-state={drawn ? 'drawn' : 'waiting'}>
      <div ref={box} className="hive-map" role="region" aria-label={words.label} data-hive-map="" />
      {!drawn && <p className="hive-map-placeholder">{placeholder}</p>}
      <p className="hive-map-note" role="status">{tilesFailed ? words.tilesFailed : ''}</p>
    </div>
  );
}
