import { describe, expect, it } from 'vitest';
import { chars, messagesAt, parseOk } from '../testing/issues';
import { emailField, MSG, nameField, nickNameField, passwordField, queryBooleanField, uuidField } from './fields';

describe('MSG', () => {
  it('words min/max counts, singular for one', () => {
    expect(MSG.min(2)).toBe('Mínimo de 2 caracteres');
    expect(MSG.min(1)).toBe('Mínimo de 1 caractere');
    expect(MSG.max(40)).toBe('Máximo de 40 caracteres');
  });
});

describe('field builders', () => {
  it('nameField trims before measuring', () => {
    expect(parseOk(nameField(), '  Ana  ')).toBe('Ana');
    expect(messagesAt(nameField(), ` a${chars(3, ' ')}`, '')).toEqual(['Mínimo de 2 caracteres']);
  });

  it('emailField lowercases and trims before validating', () => {
    expect(parseOk(emailField(), '  Ana.Silva@Example.COM ')).toBe('ana.silva@example.com');
    expect(messagesAt(emailField(), 'ana@', '')).toEqual(['E-mail inválido']);
    expect(messagesAt(emailField('Outro'), 'ana', '')).toEqual(['Outro']);
    expect(messagesAt(emailField(), 42, '')).toEqual(['E-mail inválido']);
  });

  it('passwordField does not trim', () => {
    // Seven spaces and a digit: 8 characters as typed, 1 if it were trimmed.
    expect(parseOk(passwordField(), '       1')).toBe('       1');
  });

  it('nickNameField allows ASCII letters and digits only', () => {
    expect(parseOk(nickNameField(), 'Ana2024')).toBe('Ana2024');
    for (const bad of ['ana_1', 'ana 1', 'joão', 'ana.1', 'ana-1']) {
      expect(messagesAt(nickNameField(), bad, '')).toEqual(['Apenas letras e números']);
    }
  });

  it('uuidField accepts any 8-4-4-4-12 hex and rejects the rest', () => {
    expect(parseOk(uuidField(), '3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBeTruthy();
    expect(parseOk(uuidField(), '11111111-1111-1111-1111-111111111111')).toBeTruthy();
    for (const bad of ['', '123', '3f2504e0-4f89-41d3-9a0c-0305e82c330', '3f2504e0-4f89-41d3-9a0c-0305e82c330g', "1' OR 1=1"]) {
      expect(messagesAt(uuidField(), bad, '')).toEqual(['Identificador inválido']);
    }
  });

  it('queryBooleanField maps the strings true/false and real booleans', () => {
    expect(parseOk(queryBooleanField(), 'true')).toBe(true);
    expect(parseOk(queryBooleanField(), 'false')).toBe(false);
    expect(parseOk(queryBooleanField(), true)).toBe(true);
    expect(parseOk(queryBooleanField(), false)).toBe(false);
    for (const bad of ['yes', '1', '', 'TRUE', 1]) {
      expect(messagesAt(queryBooleanField(), bad, '')).toEqual(['Valor deve ser true ou false']);
    }
  });
});
