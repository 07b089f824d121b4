import { Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@chat/contracts';
import { RootSettingsPage } from './features/settings/root-settings-page';
import { WorkspacesPage } from './features/workspaces/components/workspaces-page';

/** remote-root: /root/*, the super-user's area (docs/produto.md, Telas). */
export default function App(props: RemoteAppProps) {
  return (
    <Routes>
      <Route path="workspaces" element={<WorkspacesPage />} />
      <Route path="settings" element={<RootSettingsPage />} />
      <Route path="*" element={<Navigate to={`${props.basePath}/workspaces`} replace />} />
    </Routes>
  );
}
