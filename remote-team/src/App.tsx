import type { RemoteAppProps } from '@chat/contracts';
import { MembersPage } from './features/members/members-page';

/** remote-team: /auth/team, for workspace administrators (SPEC section 2). */
export default function App(props: RemoteAppProps) {
  return <MembersPage {...props} />;
}
