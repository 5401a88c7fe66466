import { Box, Drawer, List, ListItemButton, ListItemText } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';

/** The phone-width navigation drawer (its own chunk: desktop visitors never load it). */
export default function MobileMenu({ items, open, onClose }: { items: { to: string; label: string }[]; open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} anchor="left">
      <Box sx={{ width: 240 }} role="presentation">
        <List component="nav" aria-label="Main menu">
          {items.map((link) => (
            <ListItemButton key={link.to} component={RouterLink} to={link.to} onClick={onClose}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </Drawer>
  );
}
