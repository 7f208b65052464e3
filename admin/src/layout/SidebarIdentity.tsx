/** The signed-in {email}, the role label (Owner/Admin/Staff or 'Pending approval'), the dark theme switch and Sign Out. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { useGetIdentity, useLogout, useTranslate } from 'react-admin';
import type { BuzzHavenIdentity } from '../providers/authProvider';
import { ThemeSwitch } from './ThemeSwitch';

export function SidebarIdentity() {
  const { data, isPending } = useGetIdentity();
  const identity = data as BuzzHavenIdentity | undefined;
  const logout = useLogout();
  const translate = useTranslate();
  return (
    <Box>
      <Divider />
      <Box sx={{ p: 2 }} data-testid="sidebar-identity">
        {isPending || !identity ? (
          <Skeleton width="80%" />
        ) : (
          <>
            <Typography variant="body2" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
              {identity.email}
            </Typography>
            <Chip
              size="small"
              label={identity.roleLabel}
              color={identity.role ? 'primary' : 'default'}
              variant={identity.role ? 'filled' : 'outlined'}
              sx={{ mt: 0.5 }}
            />
          </>
        )}
        <ThemeSwitch />
        <Button
          fullWidth
          variant="outlined"
          startIcon={<LogoutIcon />}
          onClick={() => logout()}
          sx={{ mt: 1 }}
        >
          {translate('buzz.sign_out')}
        </Button>
      </Box>
    </Box>
  );
}
