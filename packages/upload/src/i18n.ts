import { registerMessages } from '@portal/providers';

/** Strings of the upload components (namespace `upload`), zh-CN first. */
export const UPLOAD_NAMESPACE = 'upload';

export const uploadZhCN = {
  choose: '选择文件',
  cancel: '取消上传',
  resume: '继续上传',
  retry: '重新上传',
  canceled: '上传已取消，可继续上传',
  done: '上传完成',
  uploading: '正在上传 {{percent}}%',
  failed: '上传失败：{{message}}',
};

export const uploadEnUS: typeof uploadZhCN = {
  choose: 'Choose a file',
  cancel: 'Cancel upload',
  resume: 'Resume upload',
  retry: 'Upload again',
  canceled: 'Upload cancelled; you can resume it',
  done: 'Upload complete',
  uploading: 'Uploading {{percent}}%',
  failed: 'Upload failed: {{message}}',
};

let registered = false;

/** Registers the namespace once; the components call it, so an app need not. */
export function registerUploadMessages(): void {
  if (registered) return;
  registered = true;
  registerMessages(UPLOAD_NAMESPACE, { 'zh-CN': uploadZhCN, 'en-US': uploadEnUS });
}
