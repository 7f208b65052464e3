import * as React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { Picture } from '../layout/Picture';

export interface ArtDesignView {
  designId: string;
  title: string;
  artistName: string;
  statement: string;
  link?: string | null;
  image?: { childImageSharp?: { gatsbyImageData: IGatsbyImageData } | null } | null;
}

/** A design as the public sees it: its picture (build-time responsive sizes), title (h2 on the ballot, under the page's h1), artist, statement. */
export function ArtDesignFigure({ design, by, eager, level = 3, children }: {
  design: ArtDesignView; by: string; eager?: boolean; level?: 2 | 3; children?: React.ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const artist = design.link
    ? <a href={design.link} rel="noopener noreferrer nofollow">{design.artistName}</a>
    : design.artistName;
  return (
    <article className="card art-design" aria-labelledby={`design-${design.designId}`} data-design={design.designId}>
      <Picture image={design.image?.childImageSharp?.gatsbyImageData} alt={`${design.title}, ${by} ${design.artistName}`} eager={eager} className="art-design-picture" />
      <Heading id={`design-${design.designId}`}>{design.title}</Heading>
      <p className="art-design-artist">{by} {artist}</p>
      <p>{design.statement}</p>
      {children}
    </article>
  );
}
