import { Link as RouterLink, useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import { isNavActive } from '@insp/contracts';
import { useSession } from '../providers/session';
import { visibleNavItems } from './navigation';

/** The top navigation; the active item (path equals or begins with its route) is underlined. */
export function TopNav() {
  const { actor } = useSession();
  const { pathname } = useLocation();
  const items = visibleNavItems(actor);
  if (items.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label="Main"
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider', px: { xs: 1, md: 1.5 } }}
    >
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.25, m: 0, p: 0, listStyle: 'none', maxWidth: 1440, mx: 'auto' }}>
        {items.map((item) => {
          const active = isNavActive(item.path, pathname);
          return (
            <li key={item.path}>
              <Box
                component={RouterLink}
                to={item.path}
                aria-current={active ? 'page' : undefined}
                className={active ? 'active' : undefined}
                sx={{
                  display: 'block',
                  // a short label ('Due') still makes a 44 px wide target (WCAG 2.5.5)
                  minWidth: 44,
                  textAlign: 'center',
                  px: 0.9,
                  py: 1.5,
                  whiteSpace: 'nowrap',
                  fontSize: '0.85rem',
                  fontWeight: active ? 600 : 500,
                  color: active ? 'primary.main' : 'text.secondary',
                  textDecoration: 'none',
                  borderBottom: 3,
                  borderColor: active ? 'secondary.main' : 'transparent',
                  transition: 'color 120ms, border-color 120ms',
                  '&:hover': { color: 'primary.main', borderColor: active ? 'secondary.main' : 'divider' },
                  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.light', outlineOffset: -2 },
                }}
              >
                {item.nav}
              </Box>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
