import * as React from 'react';
import type { Locale } from '../../../../../supabase/functions/_shared/content-schema/locales.ts';
import { useLocale } from '../../../hooks/useLocale';
import { longDay } from '../../../lib/siteWords';
import { fill } from '../../forms/FormFields';
import { columnBounds } from '../../forms/columnRules';
import { SmartLink } from '../../layout/SmartLink';
import { inLanguage } from '../../../lib/rowLanguage';
import type { MyHiveText } from './myHiveText';
import { VisitReportsSwitch } from './VisitReportsSwitch';
import { type MyHive, MyHiveError, type MyHives, SESSION_KEY, type Session, loadMyHives, readFragment, requestSignInLink, signOut } from './myHiveApi';

type State =
  | { view: 'loading' }
  | { view: 'signed-out'; notice?: string }
  | { view: 'hives'; session: Session; data: MyHives }
  | { view: 'error' };

function storedSession(): Session | null {
  try {
    const session = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
    return session && session.expiresAt > Date.now() / 1000 + 30 ? session : null;
  } catch {
    return null;
  }
}

/** A day ('2026-11-20') as it is, an instant as the day it is in Los Angeles. */
const longDate = (iso: string, locale: Locale) => longDay(iso, locale, iso.length === 10 ? 'UTC' : 'America/Los_Angeles');

function SignInForm({ text, notice }: { text: MyHiveText; notice?: string }) {
  const [status, setStatus] = React.useState<{ state: 'idle' | 'sending' | 'sent' | 'error'; message?: string }>({ state: 'idle' });
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.state === 'sending') return;
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setStatus({ state: 'sending' });
    try {
      await requestSignInLink(email, `${window.location.origin}/my-hive`);
      setStatus({ state: 'sent', message: fill(text.signIn.sent, { email }) });
    } catch (error) {
      const rateLimited = error instanceof MyHiveError && error.kind === 'rate-limited';
      setStatus({ state: 'error', message: rateLimited ? text.signIn.rateLimited : text.signIn.error });
    }
  };
  return (
    <form className="card pages-request-form my-hive-sign-in" onSubmit={onSubmit} aria-labelledby="my-hive-sign-in-heading">
      <h2 id="my-hive-sign-in-heading">{text.signIn.heading}</h2>
      {notice && <p className="form-status form-status-error" role="alert">{notice}</p>}
      <p>{text.signIn.text}</p>
      <div className="field">
        <label htmlFor="my-hive-email">{text.signIn.email}</label>
        {/* a host signs in with the e-mail they applied with (it becomes their hive's host_email) */}
        <input id="my-hive-email" name="email" type="email" required {...columnBounds('host_applications', 'email')} autoComplete="email" />
      </div>
      <button type="submit" className="btn btn-primary" disabled={status.state === 'sending'}>
        {status.state === 'sending' ? text.signIn.sending : text.signIn.submit}
      </button>
      <div role={status.state === 'error' ? 'alert' : 'status'} aria-live="polite">
        {status.message && (
          <p className={`form-status ${status.state === 'error' ? 'form-status-error' : 'form-status-success'}`}>{status.message}</p>
        )}
      </div>
    </form>
  );
}

function HiveCard({ hive, text }: { hive: MyHive; text: MyHiveText }) {
  const t = text.hive;
  const locale = useLocale();
  return (
    <article className="card my-hive-card" aria-labelledby={`hive-${hive.id}`}>
      <h2 id={`hive-${hive.id}`}>{inLanguage(hive, 'name', locale)}</h2>
      <p className="pages-muted">{hive.relations.map((r) => (r === 'host' ? t.host : t.adopter)).join(' · ')}</p>
      {hive.wrap && (
        <section aria-labelledby={`wrap-${hive.id}`}>
          <h3 id={`wrap-${hive.id}`}>{t.wrapHeading}</h3>
          {hive.wrap.photo_url && <img className="my-hive-photo" src={hive.wrap.photo_url} alt={fill(t.wrapBy, { title: hive.wrap.title, artist: hive.wrap.artist ?? '' })} />}
          <p>{fill(t.wrapBy, { title: hive.wrap.title, artist: hive.wrap.artist ?? '' })}</p>
        </section>
      )}
      <section aria-labelledby={`highlights-${hive.id}`}>
        <h3 id={`highlights-${hive.id}`}>{t.highlightsHeading}</h3>
        {hive.highlights.length === 0 && <p>{t.noHighlights}</p>}
        <ul className="pages-plain my-hive-highlights">
          {hive.highlights.map((h) => (
            <li key={h.id} className="my-hive-highlight">
              <p>
                <strong>{longDate(h.date, locale)}</strong>: {h.note}
              </p>
              {h.photo_url && <img className="my-hive-photo" src={h.photo_url} alt={fill(t.photoAlt, { date: longDate(h.date, locale) })} loading="lazy" />}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`batches-${hive.id}`}>
        <h3 id={`batches-${hive.id}`}>{t.batchesHeading}</h3>
        {hive.batches.length === 0 ? (
          <p>{t.noBatches}</p>
        ) : (
          <ul>
            {hive.batches.map((b) => (
              <li key={b.code}>
                <SmartLink to={`/honey/${encodeURIComponent(b.code)}`}>{fill(t.batch, { code: b.code, product: inLanguage(b, 'product', locale) })}</SmartLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      {hive.adoptions.length > 0 && (
        <section aria-labelledby={`adoption-${hive.id}`}>
          <h3 id={`adoption-${hive.id}`}>{t.adoptionHeading}</h3>
          <ul className="pages-plain">
            {hive.adoptions.map((a, i) => (
              <li key={i}>
                {fill(t.adoption, {
                  tier: a.tier.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join(' '),
                  plan: a.gift ? t.plans.gift : t.plans.monthly,
                  status: t.statuses[a.status],
                })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** /my-hive in the browser: sign-in by e-mail link, then the person's hives (see myHiveApi.ts). */
export function MyHiveApp({ text }: { text: MyHiveText }) {
  const locale = useLocale();
  const [state, setState] = React.useState<State>({ view: 'loading' });
  const show = React.useCallback(async (session: Session) => {
    try {
      setState({ view: 'hives', session, data: await loadMyHives(session) });
    } catch (error) {
      if (error instanceof MyHiveError && error.kind === 'signed-out') {
        sessionStorage.removeItem(SESSION_KEY);
        setState({ view: 'signed-out', notice: text.sessionEnded });
      } else setState({ view: 'error' });
    }
  }, [text]);
  React.useEffect(() => {
    const fragment = readFragment(window.location.hash);
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (fragment.session) sessionStorage.setItem(SESSION_KEY, JSON.stringify(fragment.session));
    const session = fragment.session ?? storedSession();
    if (session) void show(session);
    else setState({ view: 'signed-out', notice: fragment.linkError ? text.linkError : undefined });
  }, [show, text]);

  if (state.view === 'loading') return <p className="pages-muted" role="status">{text.loading}</p>;
  if (state.view === 'error') return <p className="form-status form-status-error" role="alert">{text.error}</p>;
  if (state.view === 'signed-out') return <SignInForm text={text} notice={state.notice} />;
  const { data, session } = state;
  return (
    <div className="my-hive">
      <p className="my-hive-account">
        {fill(text.signedInAs, { email: data.email })}{' '}
        <button type="button" className="btn btn-secondary" onClick={() => {
          void signOut(session);
          sessionStorage.removeItem(SESSION_KEY);
          setState({ view: 'signed-out' });
        }}>
          {text.signOut}
        </button>
      </p>
      {data.hives.length === 0 && (
        <section className="card" aria-labelledby="my-hive-none">
          <h2 id="my-hive-none">{text.noHives.heading}</h2>
          <p>{fill(text.noHives.text, { email: data.email })}</p>
        </section>
      )}
      {data.hives.map((hive) => <HiveCard key={hive.id} hive={hive} text={text} />)}
      {data.hives.length > 0 && <VisitReportsSwitch session={session} text={text.visitReports} />}
      <section className="card" aria-labelledby="my-hive-workshops">
        <h2 id="my-hive-workshops">{text.workshopsHeading}</h2>
        {data.workshops.length === 0 ? (
          <p>{text.noWorkshops}</p>
        ) : (
          <ul>
            {data.workshops.map((w) => (
              <li key={w.id}>
                {w.title}, {longDate(w.start_time, locale)}{w.location ? `, ${w.location}` : ''}
              </li>
            ))}
          </ul>
        )}
        <p>
          <SmartLink to={text.workshopsLink.to}>{text.workshopsLink.label}</SmartLink>
        </p>
      </section>
    </div>
  );
}

export default MyHiveApp;
