import { Stack, TextField, Typography } from '@mui/material';
import RadioFieldset from './RadioFieldset';
import { customOf, pick, type PickerGroup, type PickerVariant, valueIn, valueSoldOut } from '../lib/variants';

interface VariantPickerProps<V extends PickerVariant> {
  /** Unique on the page: names the radio groups and the measure field. */
  id: string;
  groups: PickerGroup[];
  variants: V[];
  chosen: V | null;
  onChoose: (variant: V) => void;
  /** The measure typed for a made-to-measure value, as typed. */
  measure: string;
  onMeasure: (raw: string) => void;
  /** Shown under the measure once the shopper has tried to use it. */
  measureError?: string | null;
}

/**
 * One radio group per option group (native radios: Tab enters a group, the arrows move within it).
 * A value that no variant in stock has is shown disabled, "Out of stock"; picking a value keeps the
 * other choices when that combination is on sale. A made-to-measure value asks for its measure.
 */
export default function VariantPicker<V extends PickerVariant>({
  id,
  groups,
  variants,
  chosen,
  onChoose,
  measure,
  onMeasure,
  measureError,
}: VariantPickerProps<V>) {
  const custom = customOf(groups, chosen);
  return (
    <Stack spacing={1.5}>
      {groups.map((group) => (
        <RadioFieldset
          key={group.id}
          legendId={`${id}-${group.id}-label`}
          legend={group.name}
          row
          name={`${id}-${group.id}`}
          size="small"
          value={valueIn(chosen, group.id) ?? ''}
          onChange={(valueId) => {
            const next = pick(variants, chosen, group.id, valueId);
            if (next) onChoose(next);
          }}
          options={group.values.map((value) => {
            const soldOut = valueSoldOut(variants, value.id);
            return {
              value: value.id,
              disabled: soldOut,
              label: (
                <span>
                  {value.name}
                  {value.custom && group.custom ? ` (+${group.custom.surchargeAmount.formatted})` : ''}
                  {soldOut && (
                    <>
                      {' '}
                      <Typography component="span" variant="caption">
                        Out of stock
                      </Typography>
                    </>
                  )}
                </span>
              ),
            };
          })}
        />
      ))}
      {custom && (
        <TextField
          id={`${id}-measure`}
          label={`${custom.group} (${custom.unit})`}
          type="number"
          size="small"
          required
          value={measure}
          onChange={(event) => onMeasure(event.target.value)}
          error={!!measureError}
          helperText={
            measureError ?? `From ${custom.min} to ${custom.max} ${custom.unit}, made to measure: +${custom.surchargeAmount.formatted}`
          }
          slotProps={{ htmlInput: { min: custom.min, max: custom.max, step: 'any' } }}
        />
      )}
    </Stack>
  );
}
