import * as React from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import type { Catalog } from '../build/catalog';
import { required } from '../components/pages/shared/pageContent';
import { useLocale } from './useLocale';

type WorkshopsNode = Omit<Catalog['workshops'], 'schedule'> & { schedule: (Catalog['workshops']['schedule'][number] & { dateLabelEs?: string })[] };

/** Each catalogue type once per language (one node each). */
type PerLocale<T> = { nodes: (T & { locale: string })[] };
interface CatalogQuery {
  allHostingCatalog: PerLocale<Catalog['hosting']>;
  allAdoptTiersCatalog: PerLocale<Catalog['adopt']>;
  allSwarmCatalog: PerLocale<Catalog['swarm']>;
  allWorkshopOfferingsCatalog: PerLocale<WorkshopsNode>;
  allShippingRatesCatalog: PerLocale<Catalog['shipping']>;
  allPoliciesCatalog: PerLocale<Catalog['policies']>;
  allImpactStatsCatalog: PerLocale<Catalog['impact']>;
  allSiteContent: PerLocale<{ contact: Catalog['site'] }>;
}


/** The schedule's dates are formatted by the build in each language; the page shows its own. */
function inLanguage(workshops: WorkshopsNode, locale: string): Catalog['workshops'] {
  if (locale !== 'es') return workshops;
  return { ...workshops, schedule: workshops.schedule.map((session) => ({ ...session, dateLabel: session.dateLabelEs ?? session.dateLabel })) };
}

/** The whole service catalogue (content/catalog/*.yaml plus site.yaml's contact details), in the page's language. */
export function useCatalog(): Catalog {
  const data = useStaticQuery<CatalogQuery>(graphql`
    query ServiceCatalog {
      allHostingCatalog { nodes { locale
        plans { id name price period summary features }
        paymentPlans minimumSpace honeyPerYear honeyHarvests visitSchedule beeLifespan
      } }
      allAdoptTiersCatalog { nodes { locale
        tiers { id name price period popular perks }
        popularLabel giftMonths
      } }
      allSwarmCatalog { nodes { locale
        feeMin feeMax feeWaiver hotline responseHours hotlineDays hotlineSeason criteria
      } }
      allWorkshopOfferingsCatalog { nodes { locale
        offerings { id title durationHours price priceUnit ages audience description }
        schedule {
          date workshop time spotsLeft eventId start end location
          dateLabel: date(formatString: "ddd, MMM D, YYYY")
          dateLabelEs: date(formatString: "ddd D [de] MMM [de] YYYY", locale: "es")
        }
        privateMinimum
      } }
      allShippingRatesCatalog { nodes { locale standard freeOver express handlingHours region } }
      allPoliciesCatalog { nodes { locale returnDays returnCondition damageReportHours } }
      allImpactStatsCatalog { nodes { locale
        claims { value label }
        goalsYear
        goals { value label }
      } }
      allSiteContent { nodes { locale contact { email phone hours area } } }
    }
  `);
  const locale = useLocale();
  return React.useMemo(() => {
    const one = <T,>(all: PerLocale<T>, file: string): T => required(all.nodes.find((n) => n.locale === locale) ?? null, file);
    return {
      hosting: one(data.allHostingCatalog, 'catalog/hosting.yaml'),
      adopt: one(data.allAdoptTiersCatalog, 'catalog/adopt-tiers.yaml'),
      swarm: one(data.allSwarmCatalog, 'catalog/swarm.yaml'),
      workshops: inLanguage(one(data.allWorkshopOfferingsCatalog, 'catalog/workshop-offerings.yaml'), locale),
      shipping: one(data.allShippingRatesCatalog, 'catalog/shipping-rates.yaml'),
      policies: one(data.allPoliciesCatalog, 'catalog/policies.yaml'),
      impact: one(data.allImpactStatsCatalog, 'catalog/impact-stats.yaml'),
      site: one(data.allSiteContent, 'site.yaml').contact,
    };
  }, [data, locale]);
}
