import * as React from 'react';
import { Island } from '../../layout/Island';
import { lazyComponent } from '../../layout/lazyComponent';
import type { ContactFormText } from './ContactForm';
import { sameValues } from '../../layout/sameValues';

const ContactForm = lazyComponent<{ text: ContactFormText; rateLimited: string }>(() => import(/* webpackChunkName: "contact-form" */ './ContactForm'));

/**
 * The contact form as /contact places it: rendered in full by the server; its code fetched and
 * hydrated once it nears the viewport (ContactForm adopts anything typed before that).
 */
export const ContactIsland = React.memo(function ContactIsland({ text, rateLimited }: { text: ContactFormText; rateLimited: string }) {
  return (
    <Island>
      <ContactForm text={text} rateLimited={rateLimited} />
    </Island>
  );
}, sameValues);
