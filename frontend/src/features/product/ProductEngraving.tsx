import EngravingFields from '../../components/engraving/EngravingFields';
import { DEFAULT_ENGRAVING_FONT } from '../../components/engraving/fonts';
import type { MoneyValue } from '../../lib/money';

export interface EngravingChoice {
  text: string;
  /** The font chosen; '' until the shopper types or picks one (then the default font's id). */
  font: string;
  /** Where it goes: '' until chosen (a product with one placement needs no choice). */
  placement?: string;
}

interface ProductEngravingProps {
  value: EngravingChoice;
  fonts: readonly { id: string; name: string }[];
  maxLength: number;
  placements: readonly string[];
  surcharge: MoneyValue;
  error?: string;
  placementError?: string;
  onChange: (next: EngravingChoice) => void;
}

/**
 * The product page's engraving fields and preview, loaded only for a product that takes an
 * engraving (the engraving fonts come with it). Every change reports the font actually shown.
 */
export default function ProductEngraving({
  value,
  fonts,
  maxLength,
  placements,
  surcharge,
  error,
  placementError,
  onChange,
}: ProductEngravingProps) {
  const font = value.font || DEFAULT_ENGRAVING_FONT;
  const placement = value.placement ?? '';
  return (
    <EngravingFields
      text={value.text}
      font={font}
      placement={placement}
      placements={placements}
      placementError={placementError}
      fonts={fonts}
      maxLength={maxLength}
      surcharge={surcharge}
      error={error}
      onChange={(event) =>
        onChange(
          event.target.name === 'engravingFont'
            ? { text: value.text, font: event.target.value, placement }
            : event.target.name === 'engravingPlacement'
              ? { text: value.text, font, placement: event.target.value }
              : { text: event.target.value, font, placement },
        )
      }
      onBlur={() => {}}
    />
  );
}
