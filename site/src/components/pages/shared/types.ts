/**
 * Shapes of the content pages' blocks as their queries return them: the types Gatsby generates
 * (graphqlTypegen, src/gatsby-types.d.ts) for the fragments of ./fragments.ts and for the page
 * queries. Nothing here is written by hand: change the query, rebuild, and these follow.
 */
import type { Cta } from '../../../hooks/useSiteContent';
import type { SectionCard, SectionTestimonial } from '../../sections/types';

export type { Cta, SectionCard, SectionTestimonial };

export type PageSeo = Queries.PageSeoFieldsFragment;
export type PageHero = Queries.PageHeroFieldsFragment;
export type PageCtaBlock = Queries.PageCtaFieldsFragment;
export type PageCards = Queries.PageCardsFieldsFragment;
export type PageList = Queries.PageListFieldsFragment;
export type PageFaq = Queries.PageFaqFieldsFragment;
export type PageQuestion = PageFaq['items'][number];
export type PageFigure = Queries.PageFigureFieldsFragment;

type Legal = NonNullable<Queries.PrivacyPageQuery['privacyPage']>;
/** /privacy, /terms and /shipping query the same fields. */
export type LegalContent = Legal;
export type PageLegalSection = Legal['sections'][number];
