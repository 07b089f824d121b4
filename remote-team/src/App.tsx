import type { RemoteAppProps } from '@chat/contracts';
import { TeamPage } from './team-page';

/** remote-team: /auth/team, for workspace administrators (docs/produto.md, Telas). */
export default function App(props: RemoteAppProps) {
  return <TeamPage {...props} />;
}
