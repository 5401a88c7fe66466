import { engravingPlacementLabel } from '@keen/rules';
import { engravingFontFamily } from './fonts';

interface EngravingPreviewProps {
  text: string;
  font: string;
  /**
   * The workshop sheet draws the blade in millimetres with the text at the size it is engraved;
   * the purchase page scales the same drawing to its column.
   */
  realSize?: boolean;
  /** Where it goes (an EngravingPlacement id): the text is drawn there and the placement named. */
  placement?: string;
}

/** Drawing units are millimetres: a 250 mm knife, 70 mm handle, text 6 mm high on the flat of the blade. */
const WIDTH = 250;
const HEIGHT = 50;
const TEXT_SIZE_MM = 6;
/** Where each placement's text sits on the drawing, and how long a line it has (the handle is dark, so its text is light). */
const SPOTS: Record<string, { x: number; y: number; space: number; fill: string; rotate?: number }> = {
  BladeLeft: { x: 160, y: 25, space: 150, fill: '#2b3036' },
  BladeRight: { x: 160, y: 25, space: 150, fill: '#2b3036' },
  Spine: { x: 150, y: 8, space: 120, fill: '#dfe5ea' },
  Bolster: { x: 76, y: 25, space: 20, fill: '#f4f6f8', rotate: -90 },
  Handle: { x: 39, y: 25, space: 62, fill: '#f3e6d0' },
};

/** An SVG of the blade with the engraving laid along it, in its font. */
export default function EngravingPreview({ text, font, realSize = false, placement = 'BladeLeft' }: EngravingPreviewProps) {
  const spot = SPOTS[placement] ?? SPOTS.BladeLeft;
  // The preview enlarges short texts so they read well on screen; the sheet keeps the real size.
  const previewSize = Math.min(
    placement === 'Spine' || placement === 'Bolster' ? 8 : 14,
    spot.space / Math.max(1, [...text].length * 0.55),
  );
  const fontSize = realSize ? TEXT_SIZE_MM : Math.max(placement === 'Bolster' ? 3 : TEXT_SIZE_MM, previewSize);
  const where = engravingPlacementLabel(placement);
  return (
    <svg
      role="img"
      aria-label="Engraving preview"
      aria-description={`On the ${where}`}
      data-placement={placement}
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
        x={spot.x}
        y={spot.y}
        textAnchor="middle"
        dominantBaseline="central"
        fontFamily={engravingFontFamily(font)}
        fontSize={fontSize}
        fill={spot.fill}
        data-font={font}
        {...(spot.rotate ? { transform: `rotate(${spot.rotate} ${spot.x} ${spot.y})` } : {})}
        {...(placement === 'BladeRight' ? { opacity: 0.85 } : {})}
      >
        {text}
      </text>
      <text x="246" y="47" textAnchor="end" fontSize="4.5" fill="#9aa4ae" fontFamily="sans-serif" data-testid="engraving-placement">
        {where}
      </text>
    </svg>
  );
}
