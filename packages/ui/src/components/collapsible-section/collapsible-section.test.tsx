import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CollapsibleSection } from './collapsible-section';

describe('CollapsibleSection', () => {
  it('toggles its content and calls onOpen only when opening', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    render(
      <CollapsibleSection title="Membros" onOpen={onOpen}>
        <p>Lista de membros</p>
      </CollapsibleSection>,
    );
    const trigger = screen.getByRole('button', { name: 'Membros' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Lista de membros')).toBeNull();

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('data-state', 'open');
    expect(screen.getByText('Lista de membros')).toBeVisible();
    expect(onOpen).toHaveBeenCalledTimes(1);

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Lista de membros')).toBeNull();
    expect(onOpen).toHaveBeenCalledTimes(1);

    await user.click(trigger);
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('starts open with defaultOpen without calling onOpen, in a 300 px scroll area', () => {
    const onOpen = vi.fn();
    render(
      <CollapsibleSection title="Poligonais" defaultOpen onOpen={onOpen}>
        <p>Conteúdo</p>
      </CollapsibleSection>,
    );
    expect(screen.getByRole('button', { name: 'Poligonais' })).toHaveAttribute('aria-expanded', 'true');
    const scrollArea = screen.getByText('Conteúdo').parentElement!;
    expect(scrollArea.style.getPropertyValue('--collapsible-height')).toBe('300px');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('with fit, marks its area to take its content height (capped by contentHeight)', () => {
    render(
      <CollapsibleSection title="Conta" defaultOpen fit contentHeight={620}>
        <p>Formulário</p>
      </CollapsibleSection>,
    );
    const scrollArea = screen.getByText('Formulário').parentElement!;
    expect(scrollArea).toHaveAttribute('data-fit');
    expect(scrollArea.style.getPropertyValue('--collapsible-height')).toBe('620px');
  });
});
