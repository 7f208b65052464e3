import * as React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Picture } from '../../layout/Picture';
import './pages.css';

export interface PageFigure {
  image?: { childImageSharp?: { gatsbyImageData: IGatsbyImageData } | null } | null;
  alt: string;
}

/** Text beside an illustration (stacked on phones); just the text when there is no image. */
export function SplitFigure({ figure, children }: { figure?: PageFigure | null; children: React.ReactNode }) {
  const image = figure?.image?.childImageSharp?.gatsbyImageData;
  if (!image || !figure) return <div className="pages-narrow">{children}</div>;
  return (
    <div className="pages-split">
      <div>{children}</div>
      <Picture image={image} alt={figure.alt} className="pages-split-image" />
    </div>
  );
}
