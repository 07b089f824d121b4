import { remoteConfig } from '@chat/build-config';
import packageJson from './package.json';

export default remoteConfig({ remote: 'chat', packageJson });
