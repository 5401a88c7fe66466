import type { DeclareWork } from '../../events/work';
import type { WorkshopService } from './workshop.service';

/** How often the overdue job looks for orders past their latest ship date: dates move once a day, so hourly is soon enough. */
const LATE_SWEEP_SECONDS = 3600;

/** The overdue job: orders past their latest ship date unshipped raise order.late once (the staff's mail). */
export const workshopWork: DeclareWork<{ workshop: WorkshopService }> = ({ workshop }) => ({
  recurring: [
    { name: 'workshop.late-orders', everySeconds: LATE_SWEEP_SECONDS, run: async () => void (await workshop.noticeLateOrders()) },
  ],
});
