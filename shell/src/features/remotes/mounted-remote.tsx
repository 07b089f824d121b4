import type { RemoteName } from '@chat/contracts';
import { useAppConfig } from '../../shared/config/config-context';
import { useHeaderSlot } from '../navigation/header-slot';
import { useSession } from '../../shared/session/session-context';
import { useFlags } from '../../shared/session/use-flags';
import { RemoteSlot } from './remote-slot';

/** Hands a remote what it may know of the shell: the user, flags, config and header slot. */
export function MountedRemote({ name, basePath }: { name: RemoteName; basePath: string }) {
  const { user } = useSession();
  const config = useAppConfig();
  const flags = useFlags();
  const headerSlot = useHeaderSlot();
  if (!user) return null;
  return <RemoteSlot name={name} basePath={basePath} user={user} flags={[...flags]} config={config} headerSlot={headerSlot} />;
}
