import EngravingFields from '../../components/engraving/EngravingFields';
import { DEFAULT_ENGRAVING_FONT } from '../../components/engraving/fonts';
import type { MoneyValue } from '../../lib/money';

export interface EngravingChoice {
  text: string;
  /** The font chosen; '' until the shopper types or picks one (then the default font's id). */
  font: string;
}

interface ProductEngravingProps {
  value: EngravingChoice;
  fonts: readonly { id: string; name: string }[];
  maxLength: number;
  surcharge: MoneyValue;
  error?: string;
  onChange: (next: EngravingChoice) => void;
}

/**
 * The product page's engraving fields and preview, loaded only for a product that takes an
 * engraving (the engraving fonts come with it). Every change reports the font actually shown.
 */
export default function ProductEngraving({ value, fonts, maxLength, surcharge, error, onChange }: ProductEngravingProps) {
  const font = value.font || DEFAULT_ENGRAVING_FONT;
  return (
    <EngravingFields
      text={value.text}
      font={font}
      fonts={fonts}
      maxLength={maxLength}
      surcharge={surcharge}
      error={error}
      onChange={(event) =>
        onChange(
          event.target.name === 'engravingFont' ? { text: value.text, font: event.target.value } : { text: event.target.value, font },
        )
      }
      onBlur={() => {}}
    />
  );
}
