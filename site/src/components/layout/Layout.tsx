import * as React from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import { SkipLink } from './SkipLink';
import { useSiteContent } from '../../hooks/useSiteContent';

/**
 * The frame of every public page: skip link, header, <main id="main">, footer.
 * Every section the page passes (each child) and the footer are separate Suspense boundaries:
 * React 18 hydrates the frame first and then each section on its own, in slices that yield to
 * the browser, instead of the whole page in one long task (selective hydration). On the server
 * they render in place, so the HTML is the same.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const site = useSiteContent();
  return (
    <>
      <SkipLink label={site.skipLink} />
      <Header site={site} />
      <main id="main" tabIndex={-1}>
        {React.Children.map(children, (section) => (
          <React.Suspense fallback={null}>{section}</React.Suspense>
        ))}
      </main>
      <React.Suspense fallback={null}>
        <Footer site={site} />
      </React.Suspense>
    </>
  );
}

export default Layout;
