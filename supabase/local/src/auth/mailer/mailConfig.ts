/**
 * The e-mail settings of supabase/config.toml the auth server needs for links: `[auth] site_url`
 * and `additional_redirect_urls` (where links may lead), `[auth.email] otp_expiry` (GoTrue's
 * `mailer_otp_exp`) and `max_frequency`, and `[auth.email.template.<kind>]` (subject and
 * content_path, resolved from the repository root like the CLI resolves them from the project).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'smol-toml';
import { CONFIG_TOML, REPO_ROOT } from '../../config.js';

export type MailKind = 'invite' | 'confirmation' | 'recovery' | 'magic_link' | 'email_change' | 'reauthentication';

export interface MailTemplate {
  subject?: string;
  contentPath?: string;
}

export interface MailConfig {
  siteUrl: string;
  redirectAllowList: string[];
  /** Seconds an e-mailed link or code stays valid. */
  otpExpiry: number;
  /** Seconds between two e-mails of one kind to one address. */
  maxFrequency: number;
  templates: Partial<Record<MailKind, MailTemplate>>;
}

type Table = Record<string, unknown>;
const table = (v: unknown): Table => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {});

/** "1s", "60s", "1m" or a number of seconds. */
function seconds(raw: unknown, fallback: number): number {
  if (typeof raw === 'number') return raw;
  const match = typeof raw === 'string' ? /^(\d+)\s*(s|m|h)?$/.exec(raw.trim()) : null;
  if (!match) return fallback;
  return Number(match[1]) * ({ s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'] ?? 1);
}

function envNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

export function loadMailConfig(path = CONFIG_TOML): MailConfig {
  const toml = existsSync(path) ? parse(readFileSync(path, 'utf8')) : {};
  const auth = table(toml.auth);
  const email = table(auth.email);
  const templateTables = table(email.template);
  const templates: MailConfig['templates'] = {};
  for (const kind of ['invite', 'confirmation', 'recovery', 'magic_link', 'email_change', 'reauthentication'] as const) {
    const t = table(templateTables[kind]);
    templates[kind] = {
      subject: typeof t.subject === 'string' ? t.subject : undefined,
      contentPath: typeof t.content_path === 'string' ? resolve(REPO_ROOT, t.content_path) : undefined,
    };
  }
  return {
    siteUrl: typeof auth.site_url === 'string' ? auth.site_url : 'http://127.0.0.1:3000',
    redirectAllowList: Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls.map(String) : [],
    otpExpiry: envNumber('SUPABASE_AUTH_EMAIL_OTP_EXPIRY') ?? seconds(email.otp_expiry, 3600),
    maxFrequency: envNumber('SUPABASE_AUTH_EMAIL_MAX_FREQUENCY') ?? seconds(email.max_frequency, 1),
    templates,
  };
}

/** A `*` matches within a path segment or host label, `**` matches anything (GoTrue's globs). */
function globToRegExp(pattern: string): RegExp {
  const body = pattern
    .split('**')
    .map((part) => part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/.]*'))
    .join('.*');
  return new RegExp(`^${body}$`);
}

const isLoopback = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || host === '::1';

/**
 * GoTrue's IsRedirectURLValid (internal/utilities/request.go): the site itself (any port on
 * localhost), a loopback address, or a match in the allow list; anything else falls back to the
 * site URL, so a link never sends a token to a stranger's site.
 */
export function safeRedirect(config: MailConfig, requested: string | undefined | null): string {
  if (!requested) return config.siteUrl;
  let url: URL;
  let site: URL;
  try {
    url = new URL(requested);
    site = new URL(config.siteUrl);
  } catch {
    return config.siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return config.siteUrl;
  if (url.hostname === site.hostname && url.protocol === site.protocol && (url.port === site.port || isLoopback(url.hostname))) {
    return requested;
  }
  if (isLoopback(url.hostname)) return requested;
  const withoutFragment = requested.split('#')[0]!;
  return config.redirectAllowList.some((p) => globToRegExp(p).test(withoutFragment)) ? requested : config.siteUrl;
}
