import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Box } from '@mui/material';
import { useNavigate } from 'react-router-dom';

/** Where a navbar search leads: the products page, searching for `text`. */
export function productSearchPath(text: string) {
  const q = text.trim();
  return { pathname: '/products', search: q ? `?${new URLSearchParams({ q })}` : '' };
}

/**
 * The navbar's compact search (wide screens; phones find it in the menu): Enter opens
 * /products?q=... A plain input, because the navbar is part of the first load.
 */
export default function NavbarSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(productSearchPath(text));
    setText('');
  };

  return (
    <Box
      component="form"
      role="search"
      aria-label="Shop"
      onSubmit={submit}
      sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', mr: 2 }}
    >
      <Box
        component="input"
        id="navbar-search"
        aria-label="Search products"
        type="search"
        placeholder="Search products"
        maxLength={100}
        enterKeyHint="search"
        value={text}
        onChange={(event: ChangeEvent<HTMLInputElement>) => setText(event.target.value)}
        sx={{
          width: 190,
          px: 1.5,
          py: 0.75,
          font: 'inherit',
          color: 'text.primary',
          bgcolor: 'background.default',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '&::placeholder': { color: 'text.secondary', opacity: 1 },
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      />
    </Box>
  );
}
