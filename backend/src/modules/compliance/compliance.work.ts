import type { DomainEvent } from '../../events/domain-events';
import type { DeclareWork } from '../../events/work';
import type { ComplianceService } from './compliance.service';

/** The evidence log's order rows follow committed order events; evidence past its retention is pruned once a day. */
export const complianceWork: DeclareWork<{ compliance: ComplianceService }> = ({ compliance }) => ({
  subscribers: [
    {
      name: 'age-evidence',
      events: ['order.placed', 'order.shipped'],
      inOrder: false,
      // The outbox hands a subscriber only the events it names.
      handle: (event) => compliance.recordOrderEvidence(event as DomainEvent<'order.placed' | 'order.shipped'>),
    },
  ],
  recurring: [{ name: 'compliance.prune-evidence', everySeconds: 24 * 60 * 60, run: async () => void (await compliance.prune()) }],
});
