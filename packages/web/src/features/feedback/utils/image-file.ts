import { FEEDBACK_IMAGE_MAX_BYTES, sniffImageKind } from '@pathconsult/shared';

/** Why a picked file cannot be the feedback image: the server's error code for the same case. */
export type FeedbackImageProblem = 'FEEDBACK_IMAGE_FORMAT' | 'FEEDBACK_IMAGE_TOO_LARGE';

/**
 * The check the server makes, before anything is sent: PNG or JPEG by the file's first bytes (a
 * renamed file is judged by what it is, like on the server), at most 100 KB (1 K = 1024 bytes).
 */
export async function feedbackImageProblem(file: Blob): Promise<FeedbackImageProblem | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (!sniffImageKind(head)) {
    return 'FEEDBACK_IMAGE_FORMAT';
  }
  if (file.size > FEEDBACK_IMAGE_MAX_BYTES) {
    return 'FEEDBACK_IMAGE_TOO_LARGE';
  }
  return null;
}

/** The file as a base64 data URL, the form the feedback call carries it in. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('file not readable'));
    reader.readAsDataURL(file);
  });
}
