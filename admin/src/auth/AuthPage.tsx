/** /auth: the admin sign-in card (350 px) with Sign In / Sign Up tabs, and 'Forgot password?'. */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { loadApp } from '../loadApp';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

type AuthTab = 'signin' | 'signup';

// WAI-ARIA tabs pattern: each tab controls the panel that holds its form, labelled by the tab.
const tabProps = (name: AuthTab) => ({ id: `auth-tab-${name}`, 'aria-controls': `auth-panel-${name}` });
const panelProps = (name: AuthTab) => ({
  role: 'tabpanel',
  id: `auth-panel-${name}`,
  'aria-labelledby': `auth-tab-${name}`,
});

export function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('signin');
  const [email, setEmail] = useState('');
  const [params] = useSearchParams();
  // 'Forgot password?' replaces the tabs until the user goes back (also opened by ?forgot=1).
  const [forgot, setForgot] = useState(params.get('forgot') === '1');

  useEffect(() => {
    document.title = 'Sign In · Buzz Haven Admin';
    // Warm the admin chunk while the user types, so that the dashboard shows right after sign-in.
    const timer = window.setTimeout(() => void loadApp().catch(() => undefined), 500);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: 350, maxWidth: '100%' }} elevation={3}>
        <CardContent>
          <Typography variant="h5" component="h1" align="center" sx={{ fontWeight: 700, mb: 0.5 }}>
            Buzz Haven Admin
          </Typography>
          <Typography variant="body2" color="text.secondary" align="center" sx={{ mb: 1 }}>
            Sign in to manage the business
          </Typography>
          {forgot ? (
            <ForgotPasswordForm initialEmail={email} onBack={() => setForgot(false)} />
          ) : (
            <>
              <Tabs value={tab} onChange={(_, value) => setTab(value)} variant="fullWidth" sx={{ mb: 2 }}>
                <Tab label="Sign In" value="signin" {...tabProps('signin')} />
                <Tab label="Sign Up" value="signup" {...tabProps('signup')} />
              </Tabs>
              <Box {...panelProps(tab)}>
                {tab === 'signin' ? (
                  <SignInForm key={email} initialEmail={email} onForgot={(typed) => { setEmail(typed); setForgot(true); }} />
                ) : (
                  <SignUpForm onSignedUp={(signedUpEmail) => { setEmail(signedUpEmail); setTab('signin'); }} />
                )}
              </Box>
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
