export {
  CHUNK_SIZE_BYTES,
  CHUNKED_STORAGE_TYPE,
  DEFAULT_MODULE_TYPE,
  FILE_PATHS,
  fileContentUrl,
  NOT_COMPLETE_MESSAGE,
  postFormWithProgress,
  SINGLE_UPLOAD_LIMIT_BYTES,
  splitIntoParts,
  uploadFile,
} from './upload';
export type { BigFileSession, FilePart, PartEtag, PartUploadUrl, UploadedFile, UploadOptions } from './upload';
export { PICKER_FOCUS_CANCEL_MS, pickFiles } from './file-picker';
export type { PickFilesOptions } from './file-picker';
export { useUpload } from './use-upload';
export type { UploadController, UploadState, UploadStatus, UseUploadOptions } from './use-upload';
export { UploadTask } from './upload-task';
export { registerUploadMessages, UPLOAD_NAMESPACE, uploadEnUS, uploadZhCN } from './i18n';
export { IMAGE_ACCEPT, IMAGE_VIEWER_PREVIEW } from './image-viewer';
