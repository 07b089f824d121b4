import RetentionSection from './features/retention/components/retention-section';
import WorkspaceExportSection from './features/workspace-export/components/workspace-export-section';

/** The workspace's settings below the members (retention, export): one chunk, loaded after the first screen. */
export default function AdminSettings() {
  return (
    <>
      <RetentionSection />
      <WorkspaceExportSection />
    </>
  );
}
