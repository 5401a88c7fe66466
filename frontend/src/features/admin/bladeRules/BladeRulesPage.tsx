import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Alert, Button, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { countryName } from '@keen/rules/address';
import QueryState from '../../../components/QueryState';
import SimpleTable from '../../../components/SimpleTable';
import { useConfirmedDelete } from '../../../components/useConfirmedDelete';
import type { BladeRuleFieldsFragment } from '../../../gql/graphql';
import BladeRuleDialog from './BladeRuleDialog';
import EvidenceExport from './EvidenceExport';
import { byCountryName, defaultHandover, HANDOVER_LABELS } from './bladeRuleForm';
import { BladeRulesQuery, DeleteBladeRuleMutation } from './operations';
import DeleteButton from '../../../components/DeleteButton';

/** What deleting a rule leaves in force there. */
function afterDeleting(rule: BladeRuleFieldsFragment) {
  const handover = defaultHandover(rule.country) === 'ageVerified' ? 'with an age-verified handover' : 'handed over as any parcel';
  return `Blades are then sold for delivery to ${countryName(rule.country)} at the shop's default minimum age, ${handover}.`;
}

/** /dashboard/bladeRules: per country, the minimum age for blades, whether they are sent there, and how the parcel is handed over. */
export default function BladeRulesPage() {
  const query = useQuery(BladeRulesQuery, { fetchPolicy: 'cache-and-network' });
  const rules = useMemo(() => [...(query.data?.bladeRules ?? [])].sort(byCountryName), [query.data]);
  const ruled = useMemo(() => rules.map((rule) => rule.country), [rules]);
  // The dialog keeps the rule it edits while it fades out.
  const [dialog, setDialog] = useState<{ open: boolean; rule: BladeRuleFieldsFragment | null }>({ open: false, rule: null });

  const [deleteRule, deletion] = useMutation(DeleteBladeRuleMutation, {
    update: (cache, { data }) => {
      if (!data) return;
      const country = data.deleteBladeRule;
      cache.updateQuery({ query: BladeRulesQuery }, (list) =>
        list ? { ...list, bladeRules: list.bladeRules.filter((rule) => rule.country !== country) } : list,
      );
      cache.evict({ id: cache.identify({ __typename: 'BladeRule', country }) });
      cache.gc();
    },
  });
  const deleting = useConfirmedDelete<BladeRuleFieldsFragment>({
    remove: (rule) => deleteRule({ variables: { country: rule.country } }),
    busy: deletion.loading,
    title: (rule) => `Delete the rule for ${countryName(rule.country)}?`,
    describe: afterDeleting,
    deleted: (rule) => `Rule for ${countryName(rule.country)} deleted`,
  });

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="h5" component="h1">
          Blade rules
        </Typography>
        <Button variant="contained" onClick={() => setDialog({ open: true, rule: null })}>
          Add rule
        </Button>
      </Stack>
      <Typography color="text.secondary">
        Per country: the buyer's minimum age for age-restricted products (bladed articles), whether they are sold for delivery there, and
        whether the parcel must be handed over age-verified. A country without a rule takes them at the shop's default minimum age, handed
        over as any parcel (the United Kingdom: age-verified).
      </Typography>
      <Alert severity="info">
        These rules are the shop's own decisions, not legal advice: check the law of each country you deliver to and your carriers' terms.
      </Alert>
      <QueryState query={query} empty={rules.length === 0 && "No blade rules yet: every country takes blades at the shop's defaults."}>
        <SimpleTable
          label="Blade rules"
          onPaper
          columns={['Country', { label: 'Minimum age', align: 'right' }, 'Blades', 'Handover', 'Actions']}
        >
          {rules.map((rule) => {
            const name = countryName(rule.country);
            return (
              <TableRow key={rule.country}>
                <TableCell component="th" scope="row">
                  {name}
                </TableCell>
                <TableCell align="right">{rule.minimumAge}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={rule.allowed ? 'success' : 'error'}
                    label={rule.allowed ? 'Blades sold' : 'No blades'}
                  />
                </TableCell>
                <TableCell>{HANDOVER_LABELS[rule.handover]}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => setDialog({ open: true, rule })}
                      aria-label={`Edit the rule for ${name}`}
                    >
                      Edit
                    </Button>
                    <DeleteButton onClick={() => deleting.ask(rule)} aria-label={`Delete the rule for ${name}`} />
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </SimpleTable>
      </QueryState>
      <EvidenceExport />

      <BladeRuleDialog
        open={dialog.open}
        rule={dialog.rule}
        ruled={ruled}
        preferredCountries={query.data?.shippingCountries ?? []}
        onClose={() => setDialog({ ...dialog, open: false })}
      />
      {deleting.dialog}
    </Stack>
  );
}
