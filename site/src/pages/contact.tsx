import * as React from 'react';
import { graphql, type HeadProps, type PageProps } from 'gatsby';
import { NewsletterIsland } from '../components/forms/NewsletterIsland';
import { Layout } from '../components/layout/Layout';
import { SmartLink } from '../components/layout/SmartLink';
import { useSiteContent } from '../hooks/useSiteContent';
import { ContactDetails } from '../components/pages/contact/ContactDetails';
import { ContactIsland } from '../components/pages/contact/ContactIsland';
import { MapPlaceholder } from '../components/pages/contact/MapPlaceholder';
import { RequestSlot } from '../components/pages/contact/requests/RequestSlot';
import { Accordion } from '../components/pages/faq/Accordion';
import { PageHead } from '../components/pages/shared/PageHead';
import { PageHero } from '../components/pages/shared/PageHero';
import { Section } from '../components/sections/Section';
import { pageContent } from '../components/pages/shared/pageContent';
import { useCatalog } from '../hooks/useCatalog';
import { localBusinessJsonLd } from '../components/seo/jsonLd';
import { useSiteMetadata } from '../hooks/useSiteMetadata';

export default function ContactPage({ data, location }: PageProps<Queries.ContactPageQuery>) {
  const page = pageContent(data.contactPage, 'pages/contact.yaml');
  const site = useSiteContent();
  const { swarm, workshops, adopt } = useCatalog();
  return (
    <Layout>
      <PageHero hero={page.hero} />
      <section className="section" aria-label={page.form.heading}>
        <div className="container">
          <RequestSlot
            text={page.requests}
            forms={site.forms}
            offerings={workshops.offerings}
            tiers={adopt.tiers}
            giftMonths={adopt.giftMonths}
            search={location.search}
          />
        </div>
        <div className="container pages-contact-grid">
          <ContactIsland text={page.form} rateLimited={site.forms.rateLimited} />
          <div className="pages-contact-side">
            <ContactDetails text={page.details} contact={site.contact} social={site.social} swarmHotline={swarm.hotline} />
            <div className="card" id="map">
              <h2>{page.map.heading}</h2>
              <MapPlaceholder label={page.map.label} />
              <p>{page.map.text}</p>
              {page.map.directionsNote && <p className="pages-muted">{page.map.directionsNote}</p>}
            </div>
          </div>
        </div>
      </section>
      <Section id="quick-answers" heading={page.faq.heading} tone="leaf">
        <Accordion items={page.faq.items} group="contact-faq" />
        {page.faq.more && (
          <p className="pages-center pages-more">
            <SmartLink to={page.faq.more.to}>{page.faq.more.label}</SmartLink>
          </p>
        )}
      </Section>
      <Section id="newsletter" heading={page.newsletterHeading} intro={site.newsletter.text} tone="honey">
        <div className="pages-narrow">
          <NewsletterIsland text={site.newsletter} source="contact" rateLimited={site.forms.rateLimited} />
        </div>
      </Section>
    </Layout>
  );
}

export function Head({ data }: HeadProps<Queries.ContactPageQuery>) {
  const meta = useSiteMetadata();
  const site = useSiteContent();
  const jsonLd = localBusinessJsonLd({
    name: site.brand.name,
    description: meta.description,
    siteUrl: meta.siteUrl,
    email: site.contact.email,
    phone: site.contact.phone,
    area: site.contact.area,
    sameAs: site.social.map((link) => link.url),
  });
  return <PageHead seo={data.contactPage?.seo} path="/contact" jsonLd={jsonLd} />;
}

export const query = graphql`
  query ContactPage($locale: String!) {
    contactPage(locale: { eq: $locale }) {
      seo { ...PageSeoFields }
      hero { ...PageHeroFields }
      form {
        heading requiredNote optional subjectPlaceholder hearAboutPlaceholder subjects hearAbout
        submit noScript sending success error serverError
        fields { name email phone subject message hearAbout }
      }
      requests {
        timeZone loading name email optional requiredNote sending error noPayment
        workshop {
          heading intro workshop event eventPlaceholder placesLeft full noEvents loadError places placesHint
          ages agesHint submit waitlistOffer waitlist confirmed waitlisted spotsLeft
        }
        adopt { heading intro tier perMonth plan monthly gift giftTotal recipientName recipientEmail message submit success }
        payment {
          workshopNote adoptNote workshopSubmit adoptSubmit adoptChoice adoptLater adoptCard starting startError checking placePaid placeWaiting placeExpired
          cancelled adoptPaid adoptGiftPaid adoptWaiting manage
        }
      }
      details { heading emailLabel phoneLabel hoursLabel areaLabel swarmLabel address addressLabel socialHeading }
      map { heading text label directionsNote }
      faq { ...PageFaqFields }
      newsletterHeading
    }
  }
`;
