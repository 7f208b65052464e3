import * as React from 'react';
import { SWARM_SIZE } from './constants';
import { useBlooms } from '../../hooks/useBlooms';
import { useScrollMode } from '../../hooks/useScrollMode';
import { useSwarm } from '../../hooks/useSwarm';

const ART_GLYPHS = ['🎨', '🖌️', '🖍️', '✏️', '🖼️'];

function BeeSvg() {
  return (
    <svg width="30" height="26" viewBox="-30 -26 54 42" focusable="false">
      <ellipse cx="-6" cy="-14" rx="11" ry="7" fill="#fff" fillOpacity=".85" stroke="#2b1d0e" strokeWidth="2" />
      <ellipse cx="8" cy="-14" rx="11" ry="7" fill="#fff" fillOpacity=".85" stroke="#2b1d0e" strokeWidth="2" />
      <ellipse cx="0" cy="0" rx="20" ry="13" fill="#ffc83d" stroke="#2b1d0e" strokeWidth="2.5" />
      <path d="M-7 -12v24M3 -13v26" stroke="#2b1d0e" strokeWidth="5" />
      <circle cx="15" cy="-3" r="2.2" fill="#2b1d0e" />
    </svg>
  );
}

function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The home page's decoration: 5 swarm bees that follow the pointer (shown as art supplies over
 * the Buzz Haven Management block) and blooms over "What We Stand For", the footer and the page
 * bottom. One fixed, aria-hidden, pointer-events-none layer: it never takes input or shifts layout.
 * With prefers-reduced-motion the bees are drawn once and nothing moves.
 */
export function Decor() {
  const [still] = React.useState(prefersReducedMotion);
  const beeRefs = React.useRef<(HTMLElement | null)[]>([]);
  const mode = useScrollMode(!still);
  const blooms = useBlooms(!still && mode === 'bloom');
  useSwarm(beeRefs, !still);

  return (
    <div className="decor" aria-hidden="true" data-decor-mode={still ? 'still' : mode}>
      {Array.from({ length: SWARM_SIZE }, (_, i) => (
        <span
          key={i}
          ref={(el) => {
            beeRefs.current[i] = el;
          }}
          className="decor-bee"
          data-bee={i}
          aria-hidden="true"
          style={still ? { transform: `translate3d(calc(100vw - ${60 + i * 34}px), ${96 + (i % 2) * 22}px, 0)` } : undefined}
        >
          <span className="decor-bee-body">{mode === 'art' && !still ? <span className="decor-glyph">{ART_GLYPHS[i]}</span> : <BeeSvg />}</span>
        </span>
      ))}
      {blooms.map((bloom) => (
        <span
          key={bloom.id}
          className="decor-bloom"
          data-bloom=""
          style={{ left: `${bloom.x}%`, top: `${bloom.y}%`, fontSize: `${bloom.size}rem` }}
        >
          {bloom.glyph}
        </span>
      ))}
    </div>
  );
}

export default Decor;
