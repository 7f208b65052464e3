// Supabase Edge Function entry (Deno): `supabase functions deploy newsletter --no-verify-jwt` (its
// links are opened from e-mail, without a JWT; config.toml says the same). SITE_URL: where the
// confirmation link lands (`supabase secrets set SITE_URL=https://www.example.com`).
import { createNewsletterHandler } from './handler.ts';

Deno.serve(
  createNewsletterHandler({
    supabaseUrl: Deno.env.get('SUPABASE_URL')!,
    anonKey: Deno.env.get('SUPABASE_ANON_KEY')!,
    siteUrl: Deno.env.get('SITE_URL') || 'http://localhost:8000',
  }),
);
