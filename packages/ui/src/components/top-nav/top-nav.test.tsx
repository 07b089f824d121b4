import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { TopNav } from './top-nav';
import styles from './top-nav.module.css';

function renderAt(path: string, onSignOut = vi.fn()) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {/* The shape of the real root layout: the nav lives in the parent route's element. */}
        <Route
          path="/root"
          element={
            <TopNav
              onSignOut={onSignOut}
              links={[
                { label: 'Workspaces', to: 'workspaces' },
                { label: 'Configurações', to: 'settings' },
              ]}
            />
          }
        >
          <Route path="workspaces" element={<p>Lista de workspaces</p>} />
          <Route path="settings" element={<p>Página de configurações</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
  return onSignOut;
}

describe('TopNav', () => {
  it('shows the product name and marks the active link (relative paths)', () => {
    renderAt('/root/settings');
    expect(screen.getByText('Papo')).toBeInTheDocument();
    const settings = screen.getByRole('link', { name: 'Configurações' });
    const workspaces = screen.getByRole('link', { name: 'Workspaces' });
    expect(settings).toHaveAttribute('href', '/root/settings');
    expect(settings).toHaveAttribute('aria-current', 'page');
    expect(settings).toHaveClass(styles.active!);
    expect(workspaces).not.toHaveAttribute('aria-current');
    expect(workspaces).not.toHaveClass(styles.active!);
  });

  it('moves the active mark when navigating', async () => {
    renderAt('/root/settings');
    await userEvent.click(screen.getByRole('link', { name: 'Workspaces' }));
    expect(screen.getByRole('link', { name: 'Workspaces' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Configurações' })).not.toHaveAttribute('aria-current');
  });

  it('calls onSignOut from the "Sair" icon button', async () => {
    const onSignOut = renderAt('/root/workspaces');
    await userEvent.click(screen.getByRole('button', { name: 'Sair' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
