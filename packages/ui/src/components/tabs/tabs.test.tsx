import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, type TabItem } from './tabs';

const tabs: TabItem[] = [
  { value: 'conversation', label: 'Conversa', content: <p>Buscar usuários</p> },
  { value: 'group', label: 'Grupo', content: <p>Criar um grupo</p> },
];

describe('Tabs', () => {
  it('starts on the first tab and switches content on click', async () => {
    const user = userEvent.setup();
    render(<Tabs tabs={tabs} />);
    expect(screen.getByRole('tab', { name: 'Conversa' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Buscar usuários');
    expect(screen.queryByText('Criar um grupo')).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Grupo' }));
    expect(screen.getByRole('tab', { name: 'Grupo' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Grupo' })).toHaveAttribute('data-state', 'active');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Criar um grupo');
    expect(screen.queryByText('Buscar usuários')).toBeNull();
  });

  it('honours defaultValue', () => {
    render(<Tabs tabs={tabs} defaultValue="group" />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Criar um grupo');
  });

  it('works controlled through value/onValueChange', async () => {
    const onValueChange = vi.fn();
    function Controlled() {
      const [value, setValue] = useState('group');
      return (
        <Tabs
          tabs={tabs}
          value={value}
          onValueChange={(next) => {
            onValueChange(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Criar um grupo');
    await userEvent.click(screen.getByRole('tab', { name: 'Conversa' }));
    expect(onValueChange).toHaveBeenCalledWith('conversation');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Buscar usuários');
  });
});
