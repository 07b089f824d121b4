import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@chat/contracts';
import { AccountPage } from './account-page';
import { SettingsMenu } from './features/menu/settings-menu';

/** remote-settings: /auth/settings, the menu and the account sections (SPEC section 2). */
export default function App(props: RemoteAppProps) {
  return (
    <Routes>
      <Route index element={<SettingsMenu {...props} />} />
      <Route path="conta" element={<AccountPage {...props} />} />
    </Routes>
  );
}
