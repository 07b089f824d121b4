import { createRoot } from 'react-dom/client';
import { StandaloneRemote } from '@chat/ui';
import '@chat/ui/styles.css';
import App from './App';

// Standalone dev mode for the team that owns this remote: the same App outside the shell.
createRoot(document.getElementById('root')!).render(<StandaloneRemote basePath="/auth/team" App={App} />);
