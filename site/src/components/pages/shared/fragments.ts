import { graphql } from 'gatsby';

/**
 * GraphQL fragments of the shared page shapes (schema/pages-shared.graphql). Gatsby registers
 * every exported fragment globally, so any page query can spread them.
 */
export const pageFragments = graphql`
  fragment PageSeoFields on PageSeo {
    title
    description
  }
  fragment PageHeroFields on PageHero {
    eyebrow
    title
    intro
    buttons { label to variant }
  }
  fragment PageCtaFields on PageCtaBlock {
    heading
    text
    buttons { label to variant }
  }
  fragment PageCardsFields on PageCards {
    heading
    intro
    items { title text icon link { label to variant } }
  }
  fragment PageListFields on PageList {
    heading
    intro
    items
    link { label to variant }
  }
  fragment PageFaqFields on PageFaq {
    heading
    items { id question answer }
    more { label to variant }
  }
  fragment PageFigureFields on PageFigure {
    alt
    image { childImageSharp { gatsbyImageData(width: 480, placeholder: BLURRED, layout: CONSTRAINED) } }
  }
  fragment PageTestimonialFields on PageTestimonial {
    quote
    name
    role
  }
`;
