import { useState, type FormEvent } from 'react';
import { Box, Drawer, List, ListItemButton, ListItemText, TextField } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { productSearchPath } from './NavbarSearch';

/** The phone-width navigation drawer (its own chunk: desktop visitors never load it). */
export default function MobileMenu({
  items,
  open,
  onClose,
}: {
  items: { to: string; label: string }[];
  open: boolean;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const search = (event: FormEvent) => {
    event.preventDefault();
    onClose();
    navigate(productSearchPath(text));
  };
  return (
    <Drawer open={open} onClose={onClose} anchor="left">
      <Box sx={{ width: 240 }} role="presentation">
        <Box component="form" role="search" aria-label="Shop" onSubmit={search} sx={{ p: 2, pb: 0 }}>
          <TextField
            id="menu-search"
            label="Search products"
            type="search"
            size="small"
            fullWidth
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, enterKeyHint: 'search' } }}
          />
        </Box>
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
