import { applicationMessage, describeAreas, hostApplicationPayload } from './hostApplication';

const text = { success: 'Thanks', waitlist: 'We do not serve ZIP code {zip} yet. Our service area is {areas}.' };

describe('host application', () => {
  test('an outside ZIP gets the waitlist text naming the area and its ZIP codes', () => {
    const answer = { id: 'x', in_area: false, status: 'waitlist', area: null, areas: [{ area: 'East Hills', zips: ['90031', '90042'] }] };
    expect(applicationMessage(answer, '94110', text)).toBe('We do not serve ZIP code 94110 yet. Our service area is East Hills (90031, 90042).');
    expect(applicationMessage({ ...answer, in_area: true, status: 'new' }, '90042', text)).toBe('Thanks');
    expect(describeAreas([{ area: 'A', zips: ['1'] }, { area: 'B', zips: ['2', '3'] }])).toBe('A (1); B (2, 3)');
  });

  test('the payload: numbers for feet, booleans for yes/no, null for empty optional fields', () => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ name: ' Hana ', email: 'h@x.test', zip: '90042', yard_length: '12', yard_width: 'ten',
      pets: 'yes', children: 'no', hive_style: 'artistic', phone: '' })) data.set(k, v);
    expect(hostApplicationPayload(data, null)).toMatchObject({
      p_name: 'Hana', p_yard_length_ft: 12, p_yard_width_ft: null, p_pets: true, p_children: false, p_phone: null, p_sun: null,
      p_hive_style: 'artistic', p_website: null,
    });
  });
});
