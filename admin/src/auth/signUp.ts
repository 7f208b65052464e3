import { supabase } from '../providers/supabase';

export interface SignUpValues { fullName: string; email: string; password: string }

/**
 * Auth sign-up with `full_name` metadata, then the buzz_haven profile (pending until an owner or
 * admin grants a role). The fresh session is ended: the user signs in explicitly afterwards.
 */
export async function signUp({ fullName, email, password }: SignUpValues): Promise<void> {
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName } },
  });
  if (error) throw error;
  if (!data.user) throw new Error('Error creating account');
  // Without a session (e-mail confirmation on) the profile is created at the first sign-in.
  if (!data.session) return;
  try {
    const { error: profileError } = await supabase.rpc('create_buzz_haven_user', {
      p_email: email,
      p_name: fullName,
      p_auth_user_id: data.user.id,
    });
    if (profileError) throw profileError;
  } finally {
    await supabase.auth.signOut({ scope: 'local' });
  }
}
