/**
 * Renders the page only for users with a role. A pending (or deactivated) account sees a clear
 * message instead, and no data RPC is called because the page is never mounted. A page declared
 * for some roles only (`roles`) tells the other roles it is not theirs, as the sidebar hides it.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AlertTitle from '@mui/material/AlertTitle';
import { useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { FullPageSpinner } from '../common/FullPageSpinner';
import type { BuzzHavenIdentity } from '../providers/authProvider';
import { opensFor } from '../crud/declaration';
import { resources } from '../resources';

/** The declaration whose pages hold `pathname` (`/admin/<name>` and below). */
const declarationAt = (pathname: string) => resources.find((r) => pathname === `/admin/${r.name}` || pathname.startsWith(`/admin/${r.name}/`));

export function AccessGate({ children }: { children: ReactNode }) {
  const { permissions, isPending } = usePermissions();
  const { data } = useGetIdentity();
  const translate = useTranslate();
  const declaration = declarationAt(useLocation().pathname);
  if (isPending) return <FullPageSpinner />;
  if (permissions && declaration && !opensFor(declaration, permissions)) {
    return (
      <Alert severity="info" sx={{ maxWidth: 640 }} data-testid="not-your-page">
        <AlertTitle component="h1">{translate('buzz.not_your_page_title')}</AlertTitle>
        {translate('buzz.not_your_page_body')}
      </Alert>
    );
  }
  if (permissions) return <>{children}</>;
  const inactive = (data as BuzzHavenIdentity | undefined)?.roleLabel === 'Inactive';
  return (
    <Alert
      severity="info"
      sx={{ maxWidth: 640 }}
      data-testid="pending-approval"
      action={
        // The role is read once per page load: reloading picks up a role granted meanwhile.
        <Button color="inherit" size="small" sx={{ whiteSpace: "nowrap" }} onClick={() => window.location.reload()}>
          {translate('buzz.check_again')}
        </Button>
      }
    >
      {/* The page's only heading while access is withheld (axe 'page-has-heading-one'). */}
      <AlertTitle component="h1">{translate(inactive ? 'buzz.inactive_title' : 'buzz.pending_title')}</AlertTitle>
      {translate(inactive ? 'buzz.inactive_body' : 'buzz.pending_body')}
    </Alert>
  );
}
