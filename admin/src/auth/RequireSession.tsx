/**
 * The /admin guard: a spinner while supabase-js restores the session, then either the admin or
 * a history-REPLACING redirect to /auth?next=<requested location>. It also follows sign-outs
 * made in another tab (supabase-js shares the session through localStorage).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { supabase } from '../providers/supabase';
import { hasSession } from '../providers/session';
import { authUrlFor, leaveAdminAfterSignOut } from '../providers/authNavigation';
import { FullPageSpinner } from '../common/FullPageSpinner';

export function RequireSession({ children }: { children: ReactNode }) {
  const [state, setState] = useState<'loading' | 'in' | 'out'>('loading');
  const location = useLocation();

  useEffect(() => {
    let alive = true;
    hasSession().then((signedIn) => {
      if (alive) setState(signedIn ? 'in' : 'out');
    });
    const { data } = supabase.auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT') leaveAdminAfterSignOut();
    });
    return () => {
      alive = false;
      data.subscription.unsubscribe();
    };
  }, []);

  if (state === 'loading') return <FullPageSpinner label="Checking your session" />;
  if (state === 'out') {
    return <Navigate to={authUrlFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
  }
  return <>{children}</>;
}
