/** The workshop: lead times, the made-to-order queue, closed dates and late orders. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { workshopLoaders } from './workshop.loaders';
import { ClosedDateRow, WorkshopSettingsRow } from './workshop.entity';
import { WORKSHOP_EVENTS } from './workshop.events';
import { ProductLeadTimeResolver, VariantLeadTimeResolver, WorkshopResolver } from './workshop.resolver';
import { workshopWork } from './workshop.work';

export const workshopModule = keenModule({
  name: 'workshop',
  entities: [WorkshopSettingsRow, ClosedDateRow],
  resolvers: [ProductLeadTimeResolver, VariantLeadTimeResolver, WorkshopResolver],
  loaders: (db) => workshopLoaders(db),
  work: workshopWork,
  events: WORKSHOP_EVENTS,
});

export { estimate, madeToOrderOf, OPEN_ORDER, OPEN_QUEUED_UNITS, workshopNow } from './lead-times';
export type { WorkshopNow } from './lead-times';
export type { WorkshopService } from './workshop.service';
