import * as React from 'react';
import { graphql, useStaticQuery } from 'gatsby';
import type { Catalog } from '../components/pages/shared/catalog';
import { required } from '../components/pages/shared/pageContent';

interface CatalogQuery {
  hostingYaml: Catalog['hosting'] | null;
  adoptTiersYaml: Catalog['adopt'] | null;
  swarmYaml: Catalog['swarm'] | null;
  workshopOfferingsYaml: Catalog['workshops'] | null;
  shippingRatesYaml: Catalog['shipping'] | null;
  policiesYaml: Catalog['policies'] | null;
  impactStatsYaml: Catalog['impact'] | null;
  siteYaml: { contact: Catalog['site'] } | null;
}


/** The whole service catalogue (content/catalog/*.yaml plus site.yaml's contact details). */
export function useCatalog(): Catalog {
  const data = useStaticQuery<CatalogQuery>(graphql`
    query ServiceCatalog {
      hostingYaml {
        plans { id name price period summary features }
        paymentPlans minimumSpace honeyPerYear honeyHarvests visitSchedule beeLifespan
      }
      adoptTiersYaml {
        tiers { id name price period popular perks }
        popularLabel giftMonths
      }
      swarmYaml {
        feeMin feeMax feeWaiver hotline responseHours hotlineDays hotlineSeason criteria
      }
      workshopOfferingsYaml {
        offerings { id title durationHours price priceUnit ages audience description }
        schedule { date dateLabel: date(formatString: "ddd, MMM D, YYYY") workshop time spotsLeft eventId }
        privateMinimum
      }
      shippingRatesYaml { standard freeOver express handlingHours region }
      policiesYaml { returnDays returnCondition damageReportHours }
      impactStatsYaml {
        claims { value label }
        goalsYear
        goals { value label }
      }
      siteYaml { contact { email phone hours area } }
    }
  `);
  return React.useMemo(
    () => ({
      hosting: required(data.hostingYaml, 'catalog/hosting.yaml'),
      adopt: required(data.adoptTiersYaml, 'catalog/adopt-tiers.yaml'),
      swarm: required(data.swarmYaml, 'catalog/swarm.yaml'),
      workshops: required(data.workshopOfferingsYaml, 'catalog/workshop-offerings.yaml'),
      shipping: required(data.shippingRatesYaml, 'catalog/shipping-rates.yaml'),
      policies: required(data.policiesYaml, 'catalog/policies.yaml'),
      impact: required(data.impactStatsYaml, 'catalog/impact-stats.yaml'),
      site: required(data.siteYaml, 'site.yaml').contact,
    }),
    [data],
  );
}
