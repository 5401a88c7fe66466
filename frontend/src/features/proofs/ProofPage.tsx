import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Card, CardContent, Chip, Container, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { shortOrderId } from '@keen/rules';
import ConfirmDialog from '../../components/ConfirmDialog';
import EngravingText from '../../components/engraving/EngravingText';
import OrderStateChip from '../../components/OrderStateChip';
import PageHeading from '../../components/PageHeading';
import QueryState from '../../components/QueryState';
import type { OrderProofsQuery as OrderProofsResult, ProofFieldsFragment } from '../../gql/graphql';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { lineName } from '../../lib/variants';
import ProofAnswerDialog, { type ProofAnswer } from './ProofAnswerDialog';
import { ApproveOrderProofMutation, CorrectOrderEngravingMutation, OrderProofsQuery, RequestOrderProofChangesMutation } from './operations';
import { answeredText, PROOF_STATUS_LABELS, proofsByLine } from '../../lib/proofs';

type ProofOrder = OrderProofsResult['order'];
type ProofLine = ProofOrder['lines'][number];

/** What the customer reads of where their proofs are. */
function summaryOf(order: ProofOrder, open: number): string {
  if (order.state === 'InProduction') return 'Every proof is approved: your order is being made.';
  if (order.state !== 'AwaitingProof') return 'The proofs of this order are closed.';
  if (open > 0) return 'Check each proof below: approve it, or ask for changes. We engrave nothing before you approve.';
  return 'We are preparing your proof; we will e-mail you as soon as it is ready.';
}

/**
 * /orders/{id}/proof: each engraved line's proof beside what was ordered. The customer approves the
 * latest version or asks for changes (and may correct the engraving text while it is open); earlier
 * versions stay listed with their answers. Signed in it is the owner's; signed out, the order link's
 * `token` opens it.
 */
export default function ProofPage() {
  const { id = '' } = useParams();
  const token = useSearchParams()[0].get('token');
  const location = useLocation();
  const { user, initializing } = useAuth();
  const signedOut = !token && !initializing && !user;
  const query = useQuery(OrderProofsQuery, { variables: { id, token }, skip: signedOut || (!token && initializing) });
  const [approve, approving] = useMutation(ApproveOrderProofMutation);
  const [requestChanges] = useMutation(RequestOrderProofChangesMutation);
  const [correctText] = useMutation(CorrectOrderEngravingMutation);
  const [approvingProof, setApprovingProof] = useState<{ line: ProofLine; proof: ProofFieldsFragment } | null>(null);
  const [changing, setChanging] = useState<{ line: ProofLine; proof: ProofFieldsFragment } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [changesAskedFor, setChangesAskedFor] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const order = query.data?.order;
  const byLine = proofsByLine(order?.proofs ?? []);
  const proofLines = order?.lines.filter((line) => line.proofRequired) ?? [];
  const open = proofLines.filter((line) => byLine.get(line.id)?.latest?.status === 'Open').length;

  async function sendApproval(): Promise<void> {
    if (!approvingProof) return;
    setFailure(null);
    try {
      await approve({ variables: { orderId: id, proofId: approvingProof.proof.id, token } });
      setDone(`Version ${approvingProof.proof.version} approved: thank you.`);
      setApprovingProof(null);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  async function sendChanges(answer: ProofAnswer): Promise<void> {
    if (!changing) return;
    // The comment first: a refused text then stays in the dialog to fix, and a retry sends only the text.
    if (changesAskedFor !== changing.proof.id) {
      await requestChanges({ variables: { orderId: id, proofId: changing.proof.id, comment: answer.comment, token } });
      setChangesAskedFor(changing.proof.id);
    }
    if (answer.text !== changing.line.engraving?.text) {
      await correctText({ variables: { orderId: id, lineId: changing.line.id, text: answer.text, token } });
    }
    setDone('Thank you: we will send you the next version.');
    setChanging(null);
  }

  return (
    <Container maxWidth="md" sx={{ pb: 4 }}>
      <PageHeading>Engraving proof</PageHeading>
      {signedOut ? (
        <Alert severity="info">
          <Link component={RouterLink} to="/login" state={{ from: location }}>
            Sign in
          </Link>{' '}
          to see your proof, or open it from the link in its e-mail.
        </Alert>
      ) : (
        <QueryState query={query}>
          {order && (
            <Stack spacing={3}>
              <Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="h5" component="h2">
                    Order #{shortOrderId(order.id)}
                  </Typography>
                  <OrderStateChip state={order.state} />
                </Stack>
                <Typography role="status" sx={{ mt: 1 }}>
                  {done ?? summaryOf(order, open)}
                </Typography>
                {failure && (
                  <Alert severity="error" sx={{ mt: 1 }}>
                    {failure}
                  </Alert>
                )}
              </Box>
              {proofLines.length === 0 && <Typography>This order has no engraving that needs a proof.</Typography>}
              {proofLines.map((line) => {
                const { rounds = [], latest = null } = byLine.get(line.id) ?? {};
                const earlier = rounds.filter((round) => round !== latest).reverse();
                const name = lineName(line.name, line.variantName);
                const answerable = order.state === 'AwaitingProof' && latest?.status === 'Open';
                return (
                  <Card key={line.id} component="section" aria-label={`Proof for ${name}`}>
                    <CardContent>
                      <Typography variant="h6" component="h3">
                        {line.quantity} x {name}
                      </Typography>
                      <Typography variant="body2" component="div" sx={{ mb: 2 }}>
                        You ordered: <EngravingText engraving={line.engraving} label="" />
                      </Typography>
                      {latest ? (
                        <ProofRound proof={latest} heading={`Version ${latest.version}`} placement={line.engraving?.placement} />
                      ) : (
                        <Typography>Your proof is being prepared.</Typography>
                      )}
                      {answerable && latest && (
                        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
                          <Button variant="contained" onClick={() => setApprovingProof({ line, proof: latest })}>
                            Approve version {latest.version}
                          </Button>
                          <Button variant="outlined" onClick={() => setChanging({ line, proof: latest })}>
                            Ask for changes
                          </Button>
                        </Stack>
                      )}
                      {answerable && (
                        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
                          {order.proofRoundsLeft > 0
                            ? `${order.proofRoundsLeft} more ${order.proofRoundsLeft === 1 ? 'version' : 'versions'} can follow if you ask for changes.`
                            : 'This is the last version the shop sends; for anything more, contact us.'}
                        </Typography>
                      )}
                      {earlier.length > 0 && (
                        <Box component="section" aria-label={`Earlier versions for ${name}`} sx={{ mt: 3 }}>
                          <Typography variant="subtitle1" component="h4">
                            Earlier versions
                          </Typography>
                          {earlier.map((round) => (
                            <ProofRound
                              key={round.id}
                              proof={round}
                              heading={`Version ${round.version}`}
                              placement={line.engraving?.placement}
                              compact
                            />
                          ))}
                        </Box>
                      )}
                    </CardContent>
                  </Card>
                );
              })}
            </Stack>
          )}
        </QueryState>
      )}
      <ProofAnswerDialog
        open={changing !== null}
        version={changing?.proof.version ?? 0}
        text={changing?.line.engraving?.text ?? ''}
        onSend={sendChanges}
        onClose={() => setChanging(null)}
      />
      {/* Approval is final: an engraving cannot be undone. */}
      <ConfirmDialog
        open={approvingProof !== null}
        title={`Approve version ${approvingProof?.proof.version ?? ''}?`}
        confirmLabel="Approve"
        confirmColor="primary"
        busy={approving.loading}
        onConfirm={() => void sendApproval()}
        onCancel={() => setApprovingProof(null)}
      >
        We engrave exactly what this version shows. An engraving cannot be undone.
      </ConfirmDialog>
    </Container>
  );
}

/** One version: its photos (each opens full size), what it shows, staff's note and the answer. */
function ProofRound({
  proof,
  heading,
  placement,
  compact = false,
}: {
  proof: ProofFieldsFragment;
  heading: string;
  /** Where the line's engraving goes. */
  placement?: string | null;
  compact?: boolean;
}) {
  const size = compact ? 96 : 240;
  return (
    <Box sx={{ mt: compact ? 1.5 : 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle2" component="p">
          {heading}
        </Typography>
        <Chip
          size="small"
          label={PROOF_STATUS_LABELS[proof.status]}
          color={proof.status === 'Approved' ? 'success' : proof.status === 'Open' ? 'warning' : 'default'}
        />
      </Stack>
      <Stack
        direction="row"
        spacing={1}
        component="ul"
        aria-label={`${heading} photos`}
        sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap' }}
      >
        {proof.imageUrls.map((url, index) => (
          <li key={url}>
            <a href={url} target="_blank" rel="noreferrer">
              <Box
                component="img"
                src={url}
                alt={`${heading}, photo ${index + 1}`}
                sx={{ width: size, maxWidth: '100%', height: size * 0.66, objectFit: 'cover', borderRadius: 1 }}
              />
            </a>
          </li>
        ))}
      </Stack>
      <Typography variant="body2" component="div" sx={{ mt: 1 }}>
        It shows: <EngravingText engraving={{ text: proof.engravingText, font: proof.engravingFont ?? '', placement }} label="" />
      </Typography>
      {proof.note && <Typography variant="body2">From the workshop: {proof.note}</Typography>}
      {proof.comment && <Typography variant="body2">Changes asked for: {proof.comment}</Typography>}
      {proof.answeredAt && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {proof.status === 'Approved' ? 'Approved' : 'Answered'} {answeredText(proof)}
        </Typography>
      )}
    </Box>
  );
}
