import { useMemo } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { countries, countryName, isCountryCode } from '@keen/rules/address';

interface CountryOption {
  code: string;
  name: string;
  group: string;
}

export interface CountrySelectProps {
  id: string;
  /** An ISO 3166-1 alpha-2 code, or '' for none chosen. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  /** Listed first, in this order, under their own heading (the shop's shipping countries); then every other country. */
  preferred?: readonly string[];
  label?: string;
  error?: string;
  name?: string;
  disabled?: boolean;
}

const PREFERRED = 'Suggested';
const ALL = 'All countries';

/** A country picker: type to search by name; the preferred countries come first. Names come from Intl. */
export default function CountrySelect({
  id,
  value,
  onChange,
  onBlur,
  preferred = [],
  label = 'Country',
  error,
  name = 'country',
  disabled,
}: CountrySelectProps) {
  const options = useMemo<CountryOption[]>(() => {
    const first = preferred.filter(isCountryCode);
    const rest = countries().filter((country) => !first.includes(country.code));
    return [
      ...first.map((code) => ({ code, name: countryName(code), group: PREFERRED })),
      ...rest.map((country) => ({ ...country, group: ALL })),
    ];
  }, [preferred]);
  const selected = options.find((option) => option.code === value) ?? null;

  return (
    <Autocomplete
      id={id}
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.code ?? '')}
      onBlur={onBlur}
      disabled={disabled}
      groupBy={(option) => option.group}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, chosen) => option.code === chosen.code}
      autoHighlight
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          error={!!error}
          helperText={error}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'country-name' } }}
        />
      )}
    />
  );
}
