import { EMPTY_CONTACT, contactPayload } from './contactMessage';

describe('contactPayload', () => {
  it('maps the fields onto the RPC arguments, trimming text', () => {
    expect(
      contactPayload({
        name: ' Rosa ',
        email: 'rosa@example.com ',
        phone: ' (510) 555-0100',
        subject: 'Swarm Report',
        message: ' Bees! ',
        hearAbout: 'Local Event',
      }),
    ).toEqual({
      p_name: 'Rosa',
      p_email: 'rosa@example.com',
      p_phone: '(510) 555-0100',
      p_subject: 'Swarm Report',
      p_message: 'Bees!',
      p_hear_about: 'Local Event',
    });
  });

  it('sends optional fields left blank as null', () => {
    const payload = contactPayload({ ...EMPTY_CONTACT, name: 'A', email: 'a@b.co', subject: 'Other', message: 'Hi', phone: '  ' });
    expect(payload.p_phone).toBeNull();
    expect(payload.p_hear_about).toBeNull();
  });
});
