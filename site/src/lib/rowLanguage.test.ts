import { inLanguage } from './rowLanguage';

describe('inLanguage', () => {
  const row = { name: 'Rooftop Hive', name_es: 'Colmena de la Azotea', notes: 'Floral', notes_es: '  ' };

  it('reads the Spanish twin on a Spanish page', () => {
    expect(inLanguage(row, 'name', 'es')).toBe('Colmena de la Azotea');
  });

  it('falls back to the English when the twin is empty or missing', () => {
    expect(inLanguage(row, 'notes', 'es')).toBe('Floral');
    expect(inLanguage({ name: 'Sanctuary Hive 1' }, 'name', 'es')).toBe('Sanctuary Hive 1');
    expect(inLanguage({ name: 'Sanctuary Hive 1', name_es: null }, 'name', 'es')).toBe('Sanctuary Hive 1');
  });

  it('reads the English on an English page', () => {
    expect(inLanguage(row, 'name', 'en')).toBe('Rooftop Hive');
  });
});
