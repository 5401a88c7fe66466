import { Suspense, useState } from 'react';
import { Box, Button, Divider, Drawer, List, ListItemButton, ListItemText, Toolbar, Typography } from '@mui/material';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { NavLink, Outlet } from 'react-router-dom';
import { useMe } from '../../lib/useMe';
import Spinner from '../../components/Spinner';

const drawerWidth = 230;

const customerMenu = [
  { to: '/dashboard', label: 'My Profile', end: true },
  { to: '/dashboard/myOrders', label: 'My Orders' },
  { to: '/dashboard/review', label: 'Add a Review' },
];
const adminMenu = [
  { to: '/dashboard', label: 'My Profile', end: true },
  { to: '/dashboard/allOrders', label: 'All Orders' },
  { to: '/dashboard/messages', label: 'Messages' },
  { to: '/dashboard/returns', label: 'Returns' },
  { to: '/dashboard/addProduct', label: 'Add Product' },
  { to: '/dashboard/manageProducts', label: 'Manage Products' },
  { to: '/dashboard/collections', label: 'Collections' },
  { to: '/dashboard/discounts', label: 'Discounts' },
  { to: '/dashboard/giftCards', label: 'Gift cards' },
  { to: '/dashboard/users', label: 'Users' },
  { to: '/dashboard/overview', label: 'Overview' },
  { to: '/dashboard/shipping', label: 'Shipping and tax' },
  { to: '/dashboard/bladeRules', label: 'Blade rules' },
  { to: '/dashboard/jobs', label: 'Background jobs' },
  { to: '/dashboard/workshop', label: 'Workshop' },
  { to: '/dashboard/apiKeys', label: 'API keys' },
  { to: '/dashboard/webhooks', label: 'Webhooks' },
];

export default function DashboardLayout() {
  const { isAdmin, loading } = useMe();
  const [mobileOpen, setMobileOpen] = useState(false);
  const menu = isAdmin ? adminMenu : customerMenu;

  const content = (
    <Box>
      <Toolbar sx={{ display: { xs: 'none', md: 'flex' } }}>
        <Typography variant="h6" component="p" sx={{ color: 'primary.main' }}>
          Dashboard
        </Typography>
      </Toolbar>
      <Divider />
      <List component="nav" aria-label="Dashboard">
        {menu.map((item) => (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            end={item.end}
            onClick={() => setMobileOpen(false)}
            sx={{ '&.active': { color: 'primary.main', bgcolor: 'action.selected' } }}
          >
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '70vh' }}>
      <Box component="aside" sx={{ width: { md: drawerWidth }, flexShrink: { md: 0 } }}>
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: drawerWidth } }}
        >
          {content}
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: drawerWidth, position: 'relative', height: '100%' } }}
        >
          {content}
        </Drawer>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, md: 3 } }}>
        <Button
          startIcon={<MenuOpenIcon />}
          onClick={() => setMobileOpen(true)}
          sx={{ display: { xs: 'inline-flex', md: 'none' }, mb: 1 }}
          aria-label="Open dashboard menu"
        >
          Dashboard menu
        </Button>
        {loading ? (
          <Spinner />
        ) : (
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        )}
      </Box>
    </Box>
  );
}
