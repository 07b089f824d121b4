import type { RemoteAppProps } from '@chat/contracts';
import { TeamPage } from './team-page';

/** remote-team: /auth/team, for workspace administrators (SPEC section 2). */
export default function App(props: RemoteAppProps) {
  return <TeamPage {...props} />;
}
