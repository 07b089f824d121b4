import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Input } from '../input/input';
import { Textarea } from '../textarea/textarea';
import { FormField } from './form-field';

describe('FormField', () => {
  it('labels its control', async () => {
    render(
      <FormField label="E-mail" htmlFor="email">
        <Input id="email" />
      </FormField>,
    );
    const input = screen.getByLabelText('E-mail');
    expect(input.tagName).toBe('INPUT');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.type(input, 'ana@demo.chat');
    expect(input).toHaveValue('ana@demo.chat');
  });

  it('shows the error beside the label and marks the control invalid', () => {
    render(
      <FormField label="E-mail" htmlFor="email" error="E-mail inválido">
        <Input id="email" />
      </FormField>,
    );
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('E-mail inválido');
    const label = screen.getByText('E-mail', { selector: 'label' });
    // Same row as the label, not below the input.
    expect(error.parentElement).toBe(label.parentElement);
    expect(error.parentElement).not.toContainElement(screen.getByRole('textbox'));

    const input = screen.getByLabelText('E-mail');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('E-mail inválido');
  });

  it('gives the htmlFor id to an input without one', () => {
    render(
      <FormField label="Descrição" htmlFor="description" error="Obrigatório">
        <Textarea />
      </FormField>,
    );
    const textarea = screen.getByLabelText('Descrição');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveAttribute('id', 'description');
    expect(textarea).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Input', () => {
  it('forwards its ref and standard attributes', () => {
    const ref = createRef<HTMLInputElement>();
    render(<Input ref={ref} name="nickName" placeholder="Apelido" />);
    expect(ref.current).toBe(screen.getByPlaceholderText('Apelido'));
    expect(ref.current).toHaveAttribute('type', 'text');
  });
});
