import { CaseImportScreen } from '@/features/case-import/components/case-import-screen';

/** /batchnew: cases from a spreadsheet (template, upload, per-row report, create). */
export default function BatchCasesPage() {
  return <CaseImportScreen />;
}
