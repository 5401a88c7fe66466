import { lazy, Suspense, useState } from 'react';
import { AppBar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import CartLink from '../../features/cart/CartLink';
import NavbarSearch from './NavbarSearch';

const MobileMenu = lazy(() => import('./MobileMenu'));

const links = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/myPortfolio', label: 'My Portfolio' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/blogs', label: 'Blogs' },
];

export default function Navbar() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const items = user ? [...links, { to: '/dashboard', label: 'Dashboard' }] : links;

  const handleSignOut = async () => {
    setOpen(false);
    await signOut();
    navigate('/');
  };

  const navButtonSx = {
    color: 'text.primary',
    '&.active': { color: 'primary.main', borderBottom: '2px solid', borderColor: 'primary.main', borderRadius: 0 },
  };

  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ bgcolor: '#101316', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar component="nav" aria-label="Main">
        <IconButton
          edge="start"
          aria-label="Open menu"
          onClick={() => setOpen(true)}
          sx={{ display: { xs: 'inline-flex', md: 'none' }, mr: 1 }}
        >
          <MenuIcon />
        </IconButton>
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{
            color: 'primary.main',
            textDecoration: 'none',
            fontFamily: 'Georgia, serif',
            fontWeight: 700,
            letterSpacing: 2,
            flexGrow: { xs: 1, md: 0 },
            mr: 3,
          }}
        >
          KEEN
        </Typography>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
          {items.map((link) => (
            <Button key={link.to} component={NavLink} to={link.to} end={link.to === '/'} sx={navButtonSx}>
              {link.label}
            </Button>
          ))}
        </Box>
        {/* The products page has its own, larger search field. */}
        {pathname !== '/products' && <NavbarSearch />}
        <CartLink />
        {user ? (
          <Button variant="outlined" onClick={handleSignOut}>
            Sign Out
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to="/login">
            Login
          </Button>
        )}
      </Toolbar>
      {open && (
        <Suspense fallback={null}>
          <MobileMenu items={items} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </AppBar>
  );
}
