/**
 * The generated edit form keeps what was typed when its record is read again: the edit page opens
 * on the copy the detail page read and reads the record anew, and an answer that arrives after the
 * user started typing updates the other fields, not the one being edited.
 */
import '../test/testSetup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAdmin } from '../test/testHarness';

const EVENT = {
  id: 'e1', title: 'Candle Rolling', description: null, location: 'Sanctuary barn', starts_at: '2027-05-01T10:00:00Z',
  ends_at: '2027-05-01T12:30:00Z', status: 'scheduled', kind: 'workshop', capacity: 12, price_cents: 1500, is_public: true,
  offering_id: null, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

test('an edit form keeps what was typed when its record is read again', async () => {
  let reads = 0;
  let answerLate: () => void = () => undefined;
  const late = new Promise<void>((done) => (answerLate = done));
  renderAdmin('/events/e1/show', {
    handlers: {
      get_buzz_haven_content_documents: () => [],
      get_buzz_haven_workshop_offerings: () => [],
      get_buzz_haven_volunteer_signups: () => [],
      get_buzz_haven_events: async () => {
        reads += 1;
        if (reads === 1) return [EVENT];
        // Read again by the edit page, answered once the user has typed; meanwhile someone
        // changed the capacity.
        await late;
        return [{ ...EVENT, capacity: 20, updated_at: '2026-11-21T10:00:00Z' }];
      },
    },
  });
  fireEvent.click(await screen.findByRole('link', { name: 'Edit' }));
  const title = (await screen.findByLabelText(/^Title/)) as HTMLInputElement;
  await waitFor(() => expect(title.value).toBe('Candle Rolling'));
  await waitFor(() => expect(reads).toBe(2));
  fireEvent.change(title, { target: { value: 'Candle Rolling (evening)' } });
  answerLate();
  const capacity = screen.getByLabelText(/^Capacity/) as HTMLInputElement;
  await waitFor(() => expect(capacity.value).toBe('20'));
  expect(title.value).toBe('Candle Rolling (evening)');
});
