import { failedCriteria, swarmPayload } from './swarmReport';

describe('the collection criteria', () => {
  it('a fresh football-sized swarm in the open qualifies', () => {
    expect(failedCriteria({ formedWhen: 'under_24h', size: 'football', structure: 'outside' })).toEqual([]);
    expect(failedCriteria({ formedWhen: '24_48h', size: 'larger', structure: 'outside' })).toEqual([]);
  });

  it('names each criterion a report fails', () => {
    expect(failedCriteria({ formedWhen: 'over_48h', size: 'smaller', structure: 'inside' })).toEqual(['size', 'formedWhen', 'structure']);
    expect(failedCriteria({ formedWhen: 'unknown', size: 'larger', structure: 'outside' })).toEqual(['formedWhen']);
  });

  it('says nothing until the three questions are answered', () => {
    expect(failedCriteria({ formedWhen: '', size: 'football', structure: 'outside' })).toBeNull();
  });
});

describe('swarmPayload', () => {
  it('maps the form onto the RPC arguments', () => {
    const data = new FormData();
    for (const [k, v] of Object.entries({
      location: ' 12 Oak St ', formed_when: '24_48h', size: 'larger', height: 'reachable', structure: 'outside',
      phone: '(510) 555-0100', name: 'Rosa', email: '', photo_url: '', notes: '', website: '',
    })) data.set(k, v);
    expect(swarmPayload(data)).toEqual({
      p_location: '12 Oak St', p_formed_when: '24_48h', p_size: 'larger', p_height: 'reachable', p_in_structure: false,
      p_phone: '(510) 555-0100', p_name: 'Rosa', p_email: null, p_photo_url: null, p_notes: null, p_website: null,
    });
  });
});
