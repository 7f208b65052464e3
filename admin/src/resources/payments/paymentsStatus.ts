/**
 * Whether card payments are on: the stripe-checkout Edge Function's GET (`{ payments: 'on' | 'off' }`),
 * which knows whether its STRIPE_SECRET_KEY is set (the database does not). null while asking or
 * when the function cannot be reached.
 */
import { useEffect, useState } from 'react';
import { supabase } from '../../providers/supabase';

export function usePaymentsOn(): boolean | null {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    supabase.functions.invoke('stripe-checkout', { method: 'GET' })
      .then(({ data }) => live && setOn((data as { payments?: string } | null)?.payments === 'on' ? true
        : (data as { payments?: string } | null)?.payments === 'off' ? false : null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return on;
}
