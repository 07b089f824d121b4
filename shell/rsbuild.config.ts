import { shellConfig } from '@chat/build-config';
import packageJson from './package.json';

export default shellConfig({ packageJson });
