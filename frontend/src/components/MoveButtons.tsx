import { IconButton } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';

/** `items` with the one at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

/** Up and down buttons that move the `index`th of `count` things one place ("Move {name} up"). */
export default function MoveButtons({
  name,
  index,
  count,
  disabled = false,
  onMove,
}: {
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (to: number) => void;
}) {
  return (
    <>
      <IconButton aria-label={`Move ${name} up`} disabled={disabled || index === 0} onClick={() => onMove(index - 1)}>
        <ArrowUpwardIcon />
      </IconButton>
      <IconButton aria-label={`Move ${name} down`} disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)}>
        <ArrowDownwardIcon />
      </IconButton>
    </>
  );
}
