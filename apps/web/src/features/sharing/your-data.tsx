import { DataExportSection } from './data-export-section.tsx';
import { SharedLinksSection } from './shared-links-section.tsx';

/**
 * Settings → Account's shared links and "Download my data": their own chunk, loaded by the account
 * page after it renders, so the first screen's route table names none of their files (B7).
 */
export default function YourData() {
  return (
    <>
      <SharedLinksSection />
      <DataExportSection />
    </>
  );
}
