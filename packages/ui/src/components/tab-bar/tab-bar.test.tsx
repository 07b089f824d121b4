import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { badgeText, TabBar } from './tab-bar';
import styles from './tab-bar.module.css';

describe('TabBar', () => {
  it('shows each link with its label, marks the active one and announces the badge', () => {
    render(
      <MemoryRouter initialEntries={['/auth/settings']}>
        <TabBar
          links={[
            { label: 'Conversas', to: '/auth/conversations', icon: <svg />, badge: 3 },
            { label: 'Configurações', to: '/auth/settings', icon: <svg /> },
          ]}
        />
      </MemoryRouter>,
    );
    // hidden: jsdom has no media queries, so the bar keeps its off-phone `display: none`.
    const nav = screen.getByRole('navigation', { hidden: true });
    expect(nav).toHaveAttribute('aria-label', 'Navegação inferior');
    const chats = screen.getByRole('link', { name: 'Conversas, 3 não lidas', hidden: true });
    const settings = screen.getByRole('link', { name: 'Configurações', hidden: true });
    expect(nav).toContainElement(chats);
    expect(settings).toHaveAttribute('aria-current', 'page');
    expect(settings).toHaveClass(styles.active!);
    expect(chats).not.toHaveAttribute('aria-current');
    expect(chats).toHaveTextContent('3');
  });

  it('caps the badge at 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(100)).toBe('99+');
  });
});
