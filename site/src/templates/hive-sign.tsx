/**
 * /hive/<code>: the sign of one hive, opened from the QR label on it (gatsby-node.ts createPages,
 * src/build/hiveSigns.ts): its name, neighbourhood, art wrap and artist, what its bees are doing
 * this season and how to behave near a hive. Never an address or a position: the build has none.
 * Staff signed in to the back office in this browser also get a link to log an inspection of
 * this hive today. The words are the 'pages/hives' document's sign block (in the page context).
 */
import * as React from 'react';
import type { HeadProps, PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { SmartLink } from '../components/layout/SmartLink';
import { PageHero } from '../components/pages/shared/PageHero';
import { Section } from '../components/sections/Section';
import { Seo } from '../components/seo/Seo';
import type { HiveSignContext } from '../build/hiveSigns';
import { fillSignText, hasStaffSession, hiveSignPath, localDay, logInspectionPath, seasonOf, type Season } from '../components/pages/hive-sign/signText';
import '../components/pages/shared/pages.css';
import '../components/pages/hive-sign/hive-sign.css';

type Props = PageProps<object, HiveSignContext>;

const valuesOf = ({ sign }: HiveSignContext) => ({
  name: sign.name, neighbourhood: sign.neighbourhood ?? '', title: sign.wrap?.title, artist: sign.wrap?.artist ?? '',
});

export default function HiveSignPage({ pageContext }: Props) {
  const { sign, words } = pageContext;
  const fill = (text: string) => fillSignText(text, valuesOf(pageContext));
  // The build's season, then the visitor's own day (a page built in May may be read in June).
  const [season, setSeason] = React.useState<Season>(pageContext.season);
  const [logPath, setLogPath] = React.useState<string | null>(null);
  React.useEffect(() => {
    setSeason(seasonOf(new Date()));
    if (hasStaffSession(window.localStorage)) setLogPath(logInspectionPath(sign.id, localDay(new Date())));
  }, [sign.id]);
  return (
    <Layout>
      <PageHero hero={{ eyebrow: words.eyebrow, title: sign.name, intro: sign.neighbourhood ? fill(words.inNeighbourhood) : null }} />
      {logPath && (
        <div className="container hive-sign-staff">
          <a className="btn btn-primary" href={logPath}>{words.logInspection}</a>
        </div>
      )}
      <Section id="wrap" heading={words.wrapHeading}>
        <div className="card hive-sign-wrap">
          {sign.wrap?.photo_url && (
            <img src={sign.wrap.photo_url} width={480} height={320} loading="lazy" decoding="async" alt={fill(words.wrapAlt)} />
          )}
          <p>{sign.wrap ? fill(words.wrap) : words.noWrap}</p>
        </div>
      </Section>
      <Section id="season" heading={words.seasonHeading} tone="alt">
        <p className="hive-sign-season" data-season={sign.status === 'dead_out' ? 'resting' : season}>
          {sign.status === 'dead_out' ? words.resting : words.seasons[season]}
        </p>
      </Section>
      <Section id="behave" heading={words.behaveHeading}>
        <ul className="hive-sign-behave">
          {words.behave.map((line) => <li key={line}>{line}</li>)}
        </ul>
        <p><SmartLink to="/hives">{words.mapLink}</SmartLink></p>
      </Section>
    </Layout>
  );
}

export function Head({ pageContext }: HeadProps<object, HiveSignContext>) {
  const values = valuesOf(pageContext);
  const { seo } = pageContext.words;
  return (
    <Seo title={fillSignText(seo.title, values)} description={fillSignText(seo.description, values)}
      path={hiveSignPath(pageContext.sign.sign_code)} />
  );
}
