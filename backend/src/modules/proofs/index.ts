/** Engraving proofs: staff send a proof of each engraved line that needs one, the customer approves it or asks for changes. Other modules import this module through this file only. */
import { keenModule } from '../keen-module';
import { OrderProof, OrderProofImage } from './order-proof.entity';
import { PROOFS_EVENTS } from './proofs.events';
import { proofsLoaders } from './proofs.loaders';
import { OrderLineProofsResolver, OrderProofsResolver, ProofsResolver } from './proofs.resolver';
import type { ProofsService } from './proofs.service';
import { proofsWork } from './proofs.work';

export const proofsModule = keenModule({
  name: 'proofs',
  entities: [OrderProof, OrderProofImage],
  resolvers: [ProofsResolver, OrderProofsResolver, OrderLineProofsResolver],
  work: proofsWork,
  loaders: (_db, { proofs }: { proofs: ProofsService }) => proofsLoaders(proofs),
  events: PROOFS_EVENTS,
});

export { OrderProof, OrderProofImage, POLICY_ANSWER, ProofStatus } from './order-proof.entity';
export type { ProofsService } from './proofs.service';
export type { ProofPayload } from './proofs.events';
export { eraseProofs, proofsOf } from './proofs.privacy';
