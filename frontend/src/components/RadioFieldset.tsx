import type { ReactNode } from 'react';
import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, type SxProps, type Theme } from '@mui/material';

export interface RadioOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
  /** Styles this option's row (a label of several lines, say). */
  sx?: SxProps<Theme>;
}

interface RadioFieldsetProps {
  /** The legend's id: the radio group is named by it. */
  legendId: string;
  legend: ReactNode;
  /** Styles the legend (space below it, say). */
  legendSx?: SxProps<Theme>;
  options: RadioOption[];
  value: string;
  onChange: (value: string) => void;
  name?: string;
  row?: boolean;
  size?: 'small' | 'medium';
  /** Shown in the fieldset after the options: what the one chosen opens. */
  children?: ReactNode;
}

/**
 * The one way a form offers a choice of one: a fieldset whose legend names a radio group. With no
 * options, the legend and `children` alone.
 */
export default function RadioFieldset({
  legendId,
  legend,
  legendSx,
  options,
  value,
  onChange,
  name,
  row,
  size,
  children,
}: RadioFieldsetProps) {
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend" id={legendId} sx={legendSx}>
        {legend}
      </FormLabel>
      {options.length > 0 && (
        <RadioGroup row={row} name={name} aria-labelledby={legendId} value={value} onChange={(_event, chosen) => onChange(chosen)}>
          {options.map((option) => (
            <FormControlLabel
              key={option.value}
              value={option.value}
              disabled={option.disabled}
              control={<Radio size={size} />}
              sx={option.sx}
              label={option.label}
            />
          ))}
        </RadioGroup>
      )}
      {children}
    </FormControl>
  );
}
