import { useState } from 'react';
import { Box, ButtonBase, Typography } from '@mui/material';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';

/**
 * A poster that becomes the embedded video only when clicked, so the page never waits for (or
 * breaks on) the video host when offline.
 */
export default function LazyVideo({ title, src }: { title: string; src: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        aspectRatio: '16 / 9',
        bgcolor: '#0d0f12',
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {playing ? (
        <iframe
          src={`${src}?autoplay=1`}
          title={title}
          loading="lazy"
          width="560"
          height="315"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <ButtonBase
          onClick={() => setPlaying(true)}
          aria-label={`Play video: ${title}`}
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            gap: 1,
            background: 'radial-gradient(circle at 30% 30%, #3a4450, #121518 70%)',
          }}
        >
          <PlayCircleIcon sx={{ fontSize: 64, color: 'primary.main' }} />
          <Typography sx={{ color: 'text.primary', px: 2 }}>{title}</Typography>
        </ButtonBase>
      )}
    </Box>
  );
}
