import type { ProofFieldsFragment } from '../gql/graphql';

/** A line's proof rounds, oldest first, and its latest (null before staff sent one). */
export interface LineProofs {
  rounds: ProofFieldsFragment[];
  latest: ProofFieldsFragment | null;
}

/** The order's proofs grouped by their line; the server sends them oldest first. */
export function proofsByLine(proofs: readonly ProofFieldsFragment[]): Map<string, LineProofs> {
  const byLine = new Map<string, LineProofs>();
  for (const proof of proofs) {
    const line = byLine.get(proof.lineId) ?? { rounds: [], latest: null };
    line.rounds.push(proof);
    if (!line.latest || proof.version > line.latest.version) line.latest = proof;
    byLine.set(proof.lineId, line);
  }
  return byLine;
}

export const PROOF_STATUS_LABELS: Record<ProofFieldsFragment['status'], string> = {
  Open: 'Waiting for your answer',
  ChangesRequested: 'Changes asked for',
  Approved: 'Approved',
};

/** "by jo@example.com on 12 January 2027", or the shop's policy proceeding. */
export function answeredText(proof: Pick<ProofFieldsFragment, 'answeredAt' | 'answeredBy'>): string {
  if (!proof.answeredAt) return '';
  const on = new Date(proof.answeredAt).toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
  if (proof.answeredBy === 'policy') return `by the shop's policy on ${on}, unanswered`;
  return `${proof.answeredBy ? `by ${proof.answeredBy} ` : ''}on ${on}`;
}
