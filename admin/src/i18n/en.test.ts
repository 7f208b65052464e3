import { en } from './en';
import { resources } from '../resources';

test('every declared field has its label under resources.<name>.fields; react-admin messages are kept', () => {
  for (const declaration of resources) {
    for (const field of declaration.fields) {
      expect(en.resources[declaration.name].fields[field.source]).toBe(field.label);
    }
  }
  expect(en.resources.products.fields).toMatchObject({ name: 'Name', price: 'Price (cents)', image_url: 'Image URL' });
  expect(en.resources.events.name).toBe('Event |||| Events');
  expect(en.ra.action.save).toBe('Save');
});

test("the generated views' toasts come from the declaration's record name", () => {
  expect(en.resources.events.notifications).toEqual({
    created: 'Event created successfully', updated: 'Event updated successfully', deleted: 'Event deleted successfully',
  });
  expect(en.resources.inspections.notifications.created).toBe('Inspection created successfully');
});
