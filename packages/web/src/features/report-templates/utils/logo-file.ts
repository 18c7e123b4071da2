import { ReportTemplateLimits, sniffImageKind, type ValidationKey } from '@pathconsult/shared';

/**
 * The server's logo rules, checked on the chosen file before it is read: PNG or JPEG by its first
 * bytes (a renamed file is judged by what it is), at most 200 KB. The answer is the message key
 * the server would give, so both say the same thing.
 */
export async function logoProblem(file: Blob): Promise<ValidationKey | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (!sniffImageKind(head)) {
    return 'validation.reportTemplate.logoFormat';
  }
  if (file.size > ReportTemplateLimits.logoMaxBytes) {
    return 'validation.reportTemplate.logoTooLarge';
  }
  return null;
}
