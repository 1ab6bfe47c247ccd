import { useState } from 'react';
import { App as AntdApp, type UploadFile } from 'antd';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { resetHttpConfig, resetHttpState } from '@portal/http';
import { clearToken, setToken } from '@portal/session';
import { envelope, sendJson, setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { registerShellMessages } from '../../../i18n';
import { FeedbackImages, uploadedImageIds } from './feedback-images';

let server: TestServer;
let latest: UploadFile[] = [];
let nextId = 0;

beforeAll(async () => {
  registerShellMessages();
  server = await startTestServer();
});
afterAll(async () => {
  setPageUrl('http://localhost:3000/');
  await server.close();
});
beforeEach(() => {
  setPageUrl(`${server.origin}/`);
  server.requests.length = 0;
  server.routes.clear();
  server.routes.set('/to/api/base/file/upload', (_request, response) => {
    nextId += 1;
    sendJson(response, envelope({ id: `img-${nextId}`, url: `/to/api/base/file/content/get/img-${nextId}` }));
  });
  setToken({ accessToken: 'tok', refreshToken: 'ref' });
  latest = [];
});
afterEach(() => {
  resetHttpState();
  resetHttpConfig();
  clearToken();
});

function Harness() {
  const [files, setFiles] = useState<UploadFile[]>([]);
  latest = files;
  return <FeedbackImages value={files} onChange={setFiles} />;
}

function renderImages() {
  render(
    <AppProviders withRouter={false}>
      <AntdApp>
        <Harness />
      </AntdApp>
    </AppProviders>,
  );
  return fileInput();
}

/** rc-upload replaces its input after every pick, so look it up each time. */
function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no file input');
  return input;
}

function image(name: string, size: number, type = 'image/png'): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('FeedbackImages', () => {
  it('uploads picked images with bizCode feedback and yields their ids', { timeout: 15_000 }, async () => {
    const input = renderImages();
    fireEvent.change(input, { target: { files: [image('a.png', 1000), image('b.jpg', 2000, 'image/jpeg')] } });
    await waitFor(() => expect(uploadedImageIds(latest)).toHaveLength(2), { timeout: 5000 });
    expect(uploadedImageIds(latest).sort()).toEqual([`img-${nextId - 1}`, `img-${nextId}`]);
    expect(server.requests.every((request) => request.body.includes('name="bizCode"\r\n\r\nfeedback'))).toBe(true);
  });

  it('refuses an image of 5 MB or more, another type, or a comma in the name, before uploading', { timeout: 15_000 }, async () => {
    const input = renderImages();
    fireEvent.change(input, { target: { files: [image('big.png', 5 * 1024 * 1024)] } });
    expect(await screen.findByText('请上传大小在5M以内的图片', undefined, { timeout: 5000 })).toBeInTheDocument();
    // Another type under an image name passes the picker's accept list, not the rule.
    fireEvent.change(fileInput(), { target: { files: [image('doc.png', 10, 'image/gif')] } });
    expect(await screen.findByText('仅支持上传jpg、jpeg、png格式的图片', undefined, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.change(fileInput(), { target: { files: [image('a,b.png', 10)] } });
    expect(await screen.findByText('文件名不允许包含逗号，请修改后重新上传', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(latest).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});
