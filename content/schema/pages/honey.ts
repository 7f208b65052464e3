/**
 * The 'pages/honey' document (content/pages/honey.yaml): the words of every honey batch page
 * (/honey/<code>, one per published batch in buzz_haven.honey_batches) and of the current-batch
 * link on /shop. {code}, {product}, {neighbourhood} and {season} are filled in per batch.
 */
import { z } from 'zod/v4';
import { text } from '../fields.ts';

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
});
