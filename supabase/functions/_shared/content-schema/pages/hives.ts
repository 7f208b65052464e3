/** The 'pages/hives' document (content/pages/hives.yaml): the map of the city's hives (/hives). */
import { z } from 'zod/v4';
import { text } from '../fields.ts';
import { PageCtaBlock, PageHero, PageSeo } from '../shared.ts';

/** The words of the map and of its list; {title}, {artist}, {names} and {date} are filled per hive. */
const HivesMap = z.strictObject({
  heading: text,
  intro: text,
  /** Where the map goes before it loads, and all that shows there without JavaScript. */
  placeholder: text,
  /** The map's accessible name. */
  label: text,
  /** Shown over the map when its tiles cannot load (the markers and the list still show). */
  tilesFailed: text,
  /** The privacy note under the map. */
  approximate: text,
  listHeading: text,
  listIntro: text,
  empty: text,
  wrap: text,
  noWrap: text,
  installed: text,
  hostedBy: text,
  adoptedBy: text,
  imageAlt: text,
});

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  map: HivesMap,
  join: PageCtaBlock,
});
