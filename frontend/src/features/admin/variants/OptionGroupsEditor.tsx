import { useMemo, useState, type KeyboardEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { Alert, Box, Button, Chip, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import { OPTION_LIMITS } from '@keen/rules/schemas';
import { useSnackbar } from 'notistack';
import ConfirmDialog from '../../../components/ConfirmDialog';
import { errorMessage } from '../../../lib/errors';
import { currencySymbol } from '../../../lib/money';
import { SetProductOptionsMutation } from './operations';
import {
  checkOptions,
  draftsOf,
  type GroupDraft,
  inputOf,
  messagesOf,
  NEW_CUSTOM,
  newKey,
  type CustomDraft,
  type OptionGroup,
  type Variant,
  variantCount,
  variantsLost,
} from './optionsDraft';

interface OptionGroupsEditorProps {
  productId: string;
  optionGroups: readonly OptionGroup[];
  variants: readonly Variant[];
  /** The product's currency: the surcharge is typed in it. */
  currency: string;
}

/** Messages the schema gives for `candidate` and not for `drafts`: what one more change would break. */
function newMessages(drafts: GroupDraft[], candidate: GroupDraft[], currency: string): string[] {
  const before = messagesOf(checkOptions(drafts, currency));
  return messagesOf(checkOptions(candidate, currency)).filter((message) => !before.includes(message));
}

const CUSTOM_FIELDS: { field: keyof CustomDraft; label: string; type: 'text' | 'number' }[] = [
  { field: 'label', label: 'Label', type: 'text' },
  { field: 'min', label: 'Smallest', type: 'number' },
  { field: 'max', label: 'Largest', type: 'number' },
  { field: 'unit', label: 'Unit', type: 'text' },
  { field: 'surcharge', label: 'Surcharge', type: 'text' },
];

/**
 * A product's option groups as chips: add a group, type a value and press Enter, remove values and
 * groups, and at most one made-to-measure value. "Save options" checks them with the shared schema
 * (the server's messages) and asks first when variants would go.
 */
export default function OptionGroupsEditor({ productId, optionGroups, variants, currency }: OptionGroupsEditorProps) {
  const { enqueueSnackbar } = useSnackbar();
  const saved = useMemo(() => draftsOf(optionGroups), [optionGroups]);
  const [drafts, setDrafts] = useState<GroupDraft[]>(saved);
  const [valueTexts, setValueTexts] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [groupName, setGroupName] = useState('');
  const [groupRefusal, setGroupRefusal] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [lost, setLost] = useState<Variant[] | null>(null);
  const [setOptions, { loading: saving }] = useMutation(SetProductOptionsMutation);

  const check = useMemo(() => checkOptions(drafts, currency), [drafts, currency]);
  const dirty = JSON.stringify(inputOf(drafts, currency)) !== JSON.stringify(inputOf(saved, currency));
  const fieldError = (path: string) => (attempted ? check.fields.get(path) : undefined);
  const customOwner = drafts.findIndex((group) => group.custom);

  const update = (index: number, change: (group: GroupDraft) => GroupDraft) =>
    setDrafts((current) => current.map((group, at) => (at === index ? change(group) : group)));

  function addValue(index: number) {
    const group = drafts[index];
    const value = (valueTexts[group.key] ?? '').trim();
    const candidate = drafts.map((other, at) => (at === index ? { ...other, values: [...other.values, value] } : other));
    const [refusal] = newMessages(drafts, candidate, currency);
    setRefusals((current) => ({ ...current, [group.key]: refusal ?? '' }));
    if (refusal) return;
    setDrafts(candidate);
    setValueTexts((current) => ({ ...current, [group.key]: '' }));
  }

  function addGroup() {
    const name = groupName.trim();
    // Checked with one value in it, so that only what the name breaks counts (a new group has no values yet).
    const [refusal] = newMessages(drafts, [...drafts, { key: '', name, values: ['1'], custom: null }], currency);
    setGroupRefusal(refusal ?? '');
    if (refusal) return;
    setDrafts((current) => [...current, { key: newKey(), name, values: [], custom: null }]);
    setGroupName('');
  }

  const onEnter = (act: () => void) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      act();
    }
  };

  function save() {
    setAttempted(true);
    if (!check.groups) return;
    const going = variantsLost(variants, optionGroups, check.groups);
    if (going.length) setLost(going);
    else void commit();
  }

  async function commit() {
    if (!check.groups) return;
    const groups = check.groups.map(({ name, values, custom }) => ({ name, values, custom: custom ?? null }));
    try {
      await setOptions({ variables: { productId, groups } });
      setLost(null);
      setAttempted(false);
      const made = variantCount(check.groups);
      enqueueSnackbar(made === 1 ? 'Options saved: 1 variant' : `Options saved: ${made} variants`, { variant: 'success' });
    } catch (failure) {
      setLost(null);
      enqueueSnackbar(errorMessage(failure), { variant: 'error' });
    }
  }

  const count = check.groups ? variantCount(check.groups) : null;

  return (
    <Box component="section" aria-labelledby="options-heading">
      <Typography variant="h6" component="h2" id="options-heading" sx={{ mb: 1 }}>
        Options
      </Typography>
      {drafts.length === 0 && (
        <Typography sx={{ mb: 2 }}>
          No options yet: this product is sold as one variant. Add an option such as “Blade length” or “Handle”.
        </Typography>
      )}
      <Stack spacing={2}>
        {drafts.map((group, index) => {
          const valuesError =
            fieldError(`${index}.values`) ?? group.values.map((_, at) => fieldError(`${index}.values.${at}`)).find(Boolean);
          const refusal = refusals[group.key] || valuesError;
          const title = group.name.trim() || `#${index + 1}`;
          return (
            <Paper key={group.key} variant="outlined" sx={{ p: 2 }} role="group" aria-label={`Option ${title}`}>
              <Stack spacing={2}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
                  <TextField
                    size="small"
                    label="Option name"
                    id={`option-${group.key}-name`}
                    value={group.name}
                    onChange={(event) => update(index, (draft) => ({ ...draft, name: event.target.value }))}
                    error={!!fieldError(`${index}.name`)}
                    helperText={fieldError(`${index}.name`)}
                    sx={{ flexGrow: 1 }}
                  />
                  <Button color="error" onClick={() => setDrafts((current) => current.filter((_, at) => at !== index))}>
                    Remove option {title}
                  </Button>
                </Stack>
                <Box
                  component="ul"
                  aria-label={`Values of ${title}`}
                  sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
                >
                  {group.values.map((value, at) => (
                    <li key={`${value}-${at}`}>
                      <Chip
                        label={value}
                        aria-label={`${value}: press Delete to remove`}
                        onDelete={() => update(index, (draft) => ({ ...draft, values: draft.values.filter((_, other) => other !== at) }))}
                      />
                    </li>
                  ))}
                  {group.custom && (
                    <li>
                      <Chip label={`${group.custom.label || 'Made to measure'} (made to measure)`} color="primary" variant="outlined" />
                    </li>
                  )}
                </Box>
                <TextField
                  size="small"
                  label={`Add a value to ${title}`}
                  id={`option-${group.key}-value`}
                  value={valueTexts[group.key] ?? ''}
                  onChange={(event) => {
                    setValueTexts((current) => ({ ...current, [group.key]: event.target.value }));
                    setRefusals((current) => ({ ...current, [group.key]: '' }));
                  }}
                  onKeyDown={onEnter(() => addValue(index))}
                  error={!!refusal}
                  helperText={refusal || 'Type a value and press Enter'}
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={!!group.custom}
                      disabled={customOwner >= 0 && customOwner !== index}
                      onChange={(event) =>
                        update(index, (draft) => ({ ...draft, custom: event.target.checked ? { ...NEW_CUSTOM } : null }))
                      }
                    />
                  }
                  label={customOwner >= 0 && customOwner !== index ? 'Made to measure (another option has it)' : 'Made to measure'}
                />
                {group.custom && (
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {CUSTOM_FIELDS.map(({ field, label, type }) => {
                      const message = fieldError(`${index}.custom.${field}`);
                      return (
                        <TextField
                          key={field}
                          size="small"
                          type={type}
                          // The surcharge takes cents, in the product's currency.
                          label={field === 'surcharge' ? `${label} (${currencySymbol(currency)})` : label}
                          slotProps={field === 'surcharge' ? { htmlInput: { inputMode: 'decimal' } } : undefined}
                          id={`option-${group.key}-custom-${field}`}
                          value={group.custom![field]}
                          onChange={(event) =>
                            update(index, (draft) => ({ ...draft, custom: { ...draft.custom!, [field]: event.target.value } }))
                          }
                          error={!!message}
                          helperText={message}
                          sx={{ width: { xs: '100%', sm: field === 'label' ? 200 : 130 } }}
                        />
                      );
                    })}
                  </Stack>
                )}
              </Stack>
            </Paper>
          );
        })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            size="small"
            label="New option"
            id="new-option-name"
            value={groupName}
            disabled={drafts.length >= OPTION_LIMITS.groups}
            onChange={(event) => {
              setGroupName(event.target.value);
              setGroupRefusal('');
            }}
            onKeyDown={onEnter(addGroup)}
            error={!!groupRefusal}
            helperText={
              groupRefusal ||
              (drafts.length >= OPTION_LIMITS.groups
                ? `A product may have at most ${OPTION_LIMITS.groups} options`
                : 'For example “Blade length”')
            }
          />
          <Button variant="outlined" onClick={addGroup} disabled={drafts.length >= OPTION_LIMITS.groups}>
            Add option
          </Button>
        </Stack>
        {attempted && check.general.length > 0 && (
          <Alert severity="error">
            {check.general.map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Button variant="contained" onClick={save} disabled={!dirty || saving}>
            Save options
          </Button>
          {count !== null && (
            <Typography variant="body2" aria-live="polite">
              {count === 1 ? 'Makes 1 variant' : `Makes ${count} variants`}
            </Typography>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={lost !== null}
        title={lost?.length === 1 ? 'Remove 1 variant?' : `Remove ${lost?.length ?? 0} variants?`}
        confirmLabel="Save options"
        busy={saving}
        onConfirm={commit}
        onCancel={() => setLost(null)}
      >
        <Typography>These variants no longer match the options and will be deleted:</Typography>
        <Box component="ul" sx={{ my: 1 }}>
          {lost?.map((variant) => (
            <li key={variant.id}>
              {variant.name || 'Default'} ({variant.sku})
            </li>
          ))}
        </Box>
        <Typography variant="body2">A variant with orders is kept for them, disabled, as retired.</Typography>
      </ConfirmDialog>
    </Box>
  );
}
