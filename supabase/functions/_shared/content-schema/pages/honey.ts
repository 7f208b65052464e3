/**
 * The 'pages/honey' document (content/pages/honey.yaml): the words of every honey batch page
 * (/honey/<code>, one per published batch in buzz_haven.honey_batches) and of the current-batch
 * link on /shop. {code}, {product}, {neighbourhood} and {season} are filled in per batch.
 */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

/**
 * The words printed on a batch's label sheet (the back office's Print labels: admin/src/resources/
 * honey_batches/labelSheet.ts). {code}, {product}, {weight}, {neighbourhood}, {season}, {paper},
 * {count}, {jars}, {sheets} and {url} are filled in per batch and paper.
 */
export const labelWords = z.strictObject({
  /** "Net wt. {weight}" */
  netWeight: text,
  /** The harvest line with both parts, only the neighbourhood, only the season, neither. */
  harvestedInSeason: text,
  harvestedIn: text,
  harvestedSeason: text,
  harvested: text,
  /** "Batch {code}" */
  code: text,
  /** The sheet's title (the browser tab): {code}, {paper}. */
  title: text,
  /** The QR code's accessible name: {url}. */
  qr: text,
  /** The sheet's accessible name. */
  sheet: text,
  /** The note above the sheet (not printed): {code}, {paper}, {count}; then {jars}, {sheets}, {url}. */
  noteHeading: text,
  noteSheet: text,
  notePrint: text,
  /** {sheets} in notePrint: one copy, or {count} copies. */
  copies: z.strictObject({ one: text, other: text }),
  /** The label papers' names. */
  papers: z.strictObject({ avery22807: text, avery5163: text }),
});

export type LabelWords = z.infer<typeof labelWords>;

export const schema = z.strictObject({
  seo: z.strictObject({
    /** e.g. "Batch {code}: {product}" */
    title: text,
    description: text,
  }),
  eyebrow: text,
  title: text,
  harvestedIn: text,
  intro: text.nullish(),
  facts: z.strictObject({
    heading: text,
    season: text,
    harvestDate: text,
    neighbourhood: text,
    jars: text,
    netWeight: text,
    bottledOn: text,
  }),
  hives: z.strictObject({
    heading: text,
    intro: text.nullish(),
    /** A hive's latest art wrap: {title} and {artist}. */
    wrap: text,
    /** A hive with no wrap installed. */
    noWrap: text,
    /** The wrap photo's alternative text: {title}, {artist} and {hive}. */
    wrapAlt: text,
  }),
  harvests: z.strictObject({
    heading: text,
    weight: text,
    moisture: text,
    floralNotes: text,
  }),
  notesHeading: text,
  product: z.strictObject({
    heading: text,
    link: text,
  }),
  /** On /shop, under a product with a published batch. */
  shopCurrentBatch: text,
  label: labelWords,
});
