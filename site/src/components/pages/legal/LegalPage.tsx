import * as React from 'react';
import { Layout } from '../../layout/Layout';
import { PageHero } from '../shared/PageHero';
import type { PageLegalSection, PageSeo } from '../shared/types';
import { pageContent } from '../shared/pageContent';
import '../shared/pages.css';

export interface LegalContent {
  seo: PageSeo;
  heading: string;
  updated: string;
  intro: string;
  sections: readonly PageLegalSection[];
}

/** The body of /privacy, /terms and /shipping: a title band, then headed sections of prose. */
export function LegalPage({ content, file }: { content: LegalContent | null; file: string }) {
  const page = pageContent(content, file);
  return (
    <Layout>
      <PageHero hero={{ title: page.heading, intro: page.updated }} />
      <article className="section">
        <div className="container pages-narrow pages-legal">
          <p className="lead">{page.intro}</p>
          {page.sections.map((section) => (
            <section key={section.heading} aria-label={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs?.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
              {section.outro && <p>{section.outro}</p>}
            </section>
          ))}
        </div>
      </article>
    </Layout>
  );
}
