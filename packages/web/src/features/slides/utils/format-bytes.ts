/** Slide sizes, upload progress and storage, written as the server writes them (shared). */
export { formatBytes } from '@pathconsult/shared';
