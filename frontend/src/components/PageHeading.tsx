import { Typography } from '@mui/material';

export default function PageHeading({ children }: { children: string }) {
  return (
    <Typography variant="h4" component="h1" sx={{ color: 'primary.main', fontWeight: 700, my: 3, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
