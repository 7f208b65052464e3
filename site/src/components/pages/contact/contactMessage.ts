/**
 * The contact form's values and the RPC payload built from them (pure, unit-tested).
 * Optional fields travel as null rather than '' so the database stores "not given".
 */
export const CONTACT_RPC = 'submit_buzz_haven_contact_message';

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  hearAbout: string;
}

export const EMPTY_CONTACT: ContactValues = { name: '', email: '', phone: '', subject: '', message: '', hearAbout: '' };

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function contactPayload(values: ContactValues) {
  return {
    p_name: values.name.trim(),
    p_email: values.email.trim(),
    p_phone: orNull(values.phone),
    p_subject: values.subject,
    p_message: values.message.trim(),
    p_hear_about: orNull(values.hearAbout),
  };
}
