import { engravingFontFamily } from './fonts';

interface EngravingPreviewProps {
  text: string;
  font: string;
  /**
   * The workshop sheet draws the blade in millimetres with the text at the size it is engraved;
   * the purchase page scales the same drawing to its column.
   */
  realSize?: boolean;
}

/** Drawing units are millimetres: a 250 mm knife, 70 mm handle, text 6 mm high on the flat of the blade. */
const WIDTH = 250;
const HEIGHT = 50;
const TEXT_SIZE_MM = 6;
const TEXT_CENTRE_X = 160;
const TEXT_SPACE = 150;

/** An SVG of the blade with the engraving laid along it, in its font. */
export default function EngravingPreview({ text, font, realSize = false }: EngravingPreviewProps) {
  // The preview enlarges short texts so they read well on screen; the sheet keeps the real size.
  const previewSize = Math.min(14, TEXT_SPACE / Math.max(1, [...text].length * 0.55));
  const fontSize = realSize ? TEXT_SIZE_MM : Math.max(TEXT_SIZE_MM, previewSize);
  return (
    <svg
      role="img"
      aria-label="Engraving preview"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      {...(realSize ? { width: `${WIDTH}mm`, height: `${HEIGHT}mm` } : { width: '100%' })}
      style={{ display: 'block', maxWidth: realSize ? 'none' : 520 }}
    >
      <defs>
        <linearGradient id="engraving-steel" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#e9edf1" />
          <stop offset="0.55" stopColor="#b9c2cb" />
          <stop offset="1" stopColor="#8d98a3" />
        </linearGradient>
      </defs>
      <rect x="4" y="17" width="70" height="16" rx="6" fill="#5b3a24" />
      <circle cx="20" cy="25" r="2" fill="#c9b79c" />
      <circle cx="55" cy="25" r="2" fill="#c9b79c" />
      <rect x="72" y="14" width="8" height="22" rx="1.5" fill="#6f7780" />
      <path d="M80 12 H228 Q244 14 248 24 Q236 36 200 38 H80 Z" fill="url(#engraving-steel)" stroke="#5f6a75" strokeWidth="0.6" />
      <path d="M84 34 H200" stroke="#ffffff" strokeOpacity="0.5" strokeWidth="0.5" />
      <text
        x={TEXT_CENTRE_X}
        y="25"
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily={engravingFontFamily(font)}
        fontSize={fontSize}
        fill="#2b3036"
        data-font={font}
      >
        {text}
      </text>
    </svg>
  );
}
