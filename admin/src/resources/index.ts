/**
 * Every back-office resource, in sidebar order. Adding a resource = a migration with its RPCs,
 * a folder `resources/<name>/` whose index exports its declaration, and ONE import + ONE array
 * line here: the sidebar, routes, dashboard, i18n labels, data provider and the table-driven
 * tests read this list.
 */
import type { ResourceDeclaration } from '../crud/declaration';
import products from './products';
import orders from './orders';
import events from './events';
import content from './content';
import media from './media';
import users from './users';
import hives from './hives';
import inspections from './inspections';
import treatments from './treatments';
import treatmentProducts from './treatment_products';
import hiveWraps from './hive_wraps';
import artDesigns from './art_designs';
import wrapDesigns from './wrap_designs';
import honeyHarvests from './honey_harvests';
import honeyBatches from './honey_batches';
import messages from './messages';
import outbox from './outbox';
import campaigns from './campaigns';
import subscribers from './subscribers';
import swarmReports from './swarm_reports';
import adoptionRequests from './adoption_requests';
import orderItems from './order_items';
import orderHistory from './order_history';
import registrations from './registrations';
import activity from './activity';
import shippingRates from './shipping-rates';
import adoptTiers from './adopt-tiers';
import adoptGiftTerms from './adopt-tiers/giftTerms';
import hostingPlans from './hosting-plans';
import swarmFee from './swarm-fee';
import workshopOfferings from './workshop-offerings';
import hostApplications from './host_applications';
import serviceAreaZips from './service_area';
import hostYardMinimum from './service_area/yardMinimum';
import neighbourhoods from './neighbourhoods';
import volunteerSignups from './volunteer_signups';
import payments from './payments';
import paymentMonths from './payment-months';
import paymentSettings from './payment-settings';
import varroaSettings from './varroa-settings';

export const resources: ResourceDeclaration[] = [
  products,
  orders,
  payments,
  paymentMonths,
  swarmReports,
  adoptionRequests,
  hostApplications,
  events,
  content,
  media,
  users,
  hives,
  inspections,
  treatments,
  artDesigns,
  hiveWraps,
  honeyHarvests,
  honeyBatches,
  messages,
  outbox,
  campaigns,
  subscribers,
  shippingRates,
  adoptTiers,
  adoptGiftTerms,
  hostingPlans,
  swarmFee,
  paymentSettings,
  workshopOfferings,
  serviceAreaZips,
  hostYardMinimum,
  neighbourhoods,
  treatmentProducts,
  varroaSettings,
  // Shown inside other pages only (menu: false): an order's lines and history, an event's
  // registrations, the activity log.
  orderItems,
  orderHistory,
  registrations,
  activity,
  wrapDesigns,
  volunteerSignups,
];
