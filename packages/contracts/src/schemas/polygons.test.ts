import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import { createPolygonBodySchema, editPolygonBodySchema, polygonFormSchema, polygonListQuerySchema } from './polygons';

describe('polygonFormSchema', () => {
  it.each([
    [2, ['Mínimo de 3 caracteres']],
    [3, []],
    [20, []],
    [21, ['Máximo de 20 caracteres']],
  ])('name of %i characters', (n, expected) => {
    expect(messagesAt(polygonFormSchema, { name: chars(n, 'P') }, 'name')).toEqual(expected);
  });

  it('trims the name before measuring it', () => {
    expect(messagesAt(polygonFormSchema, { name: '  ab  ' }, 'name')).toEqual(['Mínimo de 3 caracteres']);
    expect(parseOk(polygonFormSchema, { name: ' Norte ' })).toEqual({ name: 'Norte' });
  });

  it('is the create and edit body too', () => {
    expect(messagesAt(createPolygonBodySchema, { name: 'ab' }, 'name')).toEqual(['Mínimo de 3 caracteres']);
    expect(messagesAt(editPolygonBodySchema, { name: chars(21) }, 'name')).toEqual(['Máximo de 20 caracteres']);
  });
});

describe('polygonListQuerySchema', () => {
  it('defaults the search to empty (list all)', () => {
    expect(parseOk(polygonListQuerySchema, {})).toEqual({ search: '' });
    expect(parseOk(polygonListQuerySchema, { search: ' nor ' })).toEqual({ search: 'nor' });
  });
});
