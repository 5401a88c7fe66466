import { Typography } from '@mui/material';

export default function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h4" component="h2" sx={{ color: 'primary.main', textAlign: 'center', my: 4 }}>
      {children}
    </Typography>
  );
}
