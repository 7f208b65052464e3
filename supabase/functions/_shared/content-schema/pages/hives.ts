/** The 'pages/hives' document (content/pages/hives.yaml): the map of the city's hives (/hives). */
import { z } from 'zod/v4';
import { text, words } from '../fields.ts';
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

/**
 * A hive's sign page (/hive/<code>, opened from the QR label on the hive) and the label sheet staff
 * print: {name}, {neighbourhood}, {title}, {artist}, {code} and {url} are filled per hive. One text
 * per season for "what the bees are doing"; the page shows the season of the visitor's day.
 */
export const HiveSign = z.strictObject({
  seo: words('title', 'description'),
  eyebrow: text,
  inNeighbourhood: text,
  wrapHeading: text,
  wrap: text,
  noWrap: text,
  wrapAlt: text,
  seasonHeading: text,
  seasons: words('spring', 'summer', 'fall', 'winter'),
  /** Shown instead of the season's text when the colony was lost (the hive is dead-out). */
  resting: text,
  behaveHeading: text,
  behave: z.array(text).min(1).max(12),
  mapLink: text,
  /** The button staff signed in to the back office see: the inspection form for this hive, today. */
  logInspection: text,
  label: words('title', 'noteHeading', 'notePrint', 'paper', 'sheet', 'scan', 'code', 'qr'),
});
export type HiveSignWords = z.infer<typeof HiveSign>;

export const schema = z.strictObject({
  seo: PageSeo,
  hero: PageHero,
  map: HivesMap,
  join: PageCtaBlock,
  sign: HiveSign,
});
