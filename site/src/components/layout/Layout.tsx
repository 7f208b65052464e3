import * as React from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import { SkipLink } from './SkipLink';
import { useSiteContent } from './useSiteContent';

/** The frame of every public page: skip link, header, <main id="main">, footer. */
export function Layout({ children }: { children: React.ReactNode }) {
  const site = useSiteContent();
  return (
    <>
      <SkipLink label={site.skipLink} />
      <Header site={site} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer site={site} />
    </>
  );
}

export default Layout;
