import * as React from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import type { Catalog } from '../build/catalog';
import { required } from '../components/pages/shared/pageContent';

interface CatalogQuery {
  hostingCatalog: Catalog['hosting'] | null;
  adoptTiersCatalog: Catalog['adopt'] | null;
  swarmCatalog: Catalog['swarm'] | null;
  workshopOfferingsCatalog: Catalog['workshops'] | null;
  shippingRatesCatalog: Catalog['shipping'] | null;
  policiesCatalog: Catalog['policies'] | null;
  impactStatsCatalog: Catalog['impact'] | null;
  siteContent: { contact: Catalog['site'] } | null;
}


/** The whole service catalogue (content/catalog/*.yaml plus site.yaml's contact details). */
export function useCatalog(): Catalog {
  const data = useStaticQuery<CatalogQuery>(graphql`
    query ServiceCatalog {
      hostingCatalog {
        plans { id name price period summary features }
        paymentPlans minimumSpace honeyPerYear honeyHarvests visitSchedule beeLifespan
      }
      adoptTiersCatalog {
        tiers { id name price period popular perks }
        popularLabel giftMonths
      }
      swarmCatalog {
        feeMin feeMax feeWaiver hotline responseHours hotlineDays hotlineSeason criteria
      }
      workshopOfferingsCatalog {
        offerings { id title durationHours price priceUnit ages audience description }
        schedule { date dateLabel: date(formatString: "ddd, MMM D, YYYY") workshop time spotsLeft eventId }
        privateMinimum
      }
      shippingRatesCatalog { standard freeOver express handlingHours region }
      policiesCatalog { returnDays returnCondition damageReportHours }
      impactStatsCatalog {
        claims { value label }
        goalsYear
        goals { value label }
      }
      siteContent { contact { email phone hours area } }
    }
  `);
  return React.useMemo(
    () => ({
      hosting: required(data.hostingCatalog, 'catalog/hosting.yaml'),
      adopt: required(data.adoptTiersCatalog, 'catalog/adopt-tiers.yaml'),
      swarm: required(data.swarmCatalog, 'catalog/swarm.yaml'),
      workshops: required(data.workshopOfferingsCatalog, 'catalog/workshop-offerings.yaml'),
      shipping: required(data.shippingRatesCatalog, 'catalog/shipping-rates.yaml'),
      policies: required(data.policiesCatalog, 'catalog/policies.yaml'),
      impact: required(data.impactStatsCatalog, 'catalog/impact-stats.yaml'),
      site: required(data.siteContent, 'site.yaml').contact,
    }),
    [data],
  );
}
