import { act, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '@portal/providers';
import { resetHttpConfig, resetHttpState } from '@portal/http';
import { clearToken, setToken } from '@portal/session';
import { clearAllCookies, envelope, sendJson, setPageUrl, startTestServer, type TestServer } from '@portal/http/testing';
import { UploadTask } from './upload-task';
import { useUpload, type UploadController } from './use-upload';

const MB = 1024 * 1024;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  setPageUrl('http://localhost:3000/');
  await server.close();
});
beforeEach(() => {
  setPageUrl(`${server.origin}/user`);
  server.requests.length = 0;
  server.routes.clear();
  setToken({ accessToken: 'tok', refreshToken: 'ref' });
});
afterEach(() => {
  resetHttpState();
  resetHttpConfig();
  clearToken();
  clearAllCookies();
});

let controller: UploadController;
function Harness({ onUploaded }: { onUploaded: (id: string) => void }) {
  controller = useUpload({ bizCode: 'model', onUploaded: (file) => onUploaded(file.id) });
  return <UploadTask upload={controller} testId="task" />;
}

/** A big-file server that remembers stored parts, and holds part 2 until `release` is called the first time. */
function serveResumable() {
  const stored = new Map<number, string>();
  let release: (() => void) | undefined;
  let held = false;
  server.routes.set('/to/api/base/file/bigfile/init', (_request, response) =>
    sendJson(response, envelope({ path: 'p', uploadId: 'u', uploadedParts: [...stored].map(([partNumber, etag]) => ({ partNumber, etag })) })),
  );
  server.routes.set('/to/api/base/file/bigfile/getPartUploadUrl', (request, response) => {
    const part = new URL(request.url, server.origin).searchParams.get('chunkIndex');
    sendJson(response, envelope({ singedUrl: `/parts/${part}` }));
  });
  for (const part of [1, 2, 3]) {
    server.routes.set(`/parts/${part}`, async (_request, response) => {
      if (part === 2 && !held) {
        held = true;
        await new Promise<void>((resolve) => (release = resolve));
        response.destroy();
        return;
      }
      stored.set(part, `"e${part}"`);
      response.writeHead(200, { ETag: `"e${part}"` });
      response.end();
    });
  }
  server.routes.set('/to/api/base/file/bigfile/complete', (_request, response) => sendJson(response, envelope('/f')));
  server.routes.set('/to/api/base/file/bigfile/create', (_request, response) => sendJson(response, envelope({ id: 5 })));
  return { stored, waitHeld: () => waitFor(() => expect(release).toBeDefined()), release: () => release?.() };
}

describe('useUpload + UploadTask', () => {
  it('shows progress, cancels, and resumes from the parts already stored', async () => {
    const fake = serveResumable();
    const uploaded: string[] = [];
    render(
      <AppProviders withRouter={false}>
        <Harness onUploaded={(id) => uploaded.push(id)} />
      </AppProviders>,
    );
    act(() => controller.start(new File([new Uint8Array(7 * MB)], 'part.step')));
    await fake.waitHeld();
    expect(screen.getByTestId('task')).toHaveAttribute('data-status', 'uploading');
    expect(screen.getByText('part.step')).toBeInTheDocument();
    act(() => screen.getByTestId('task-cancel').click());
    await waitFor(() => expect(screen.getByTestId('task')).toHaveAttribute('data-status', 'canceled'));
    fake.release();
    expect([...fake.stored.keys()]).toEqual([1]);

    act(() => screen.getByTestId('task-resume').click());
    await waitFor(() => expect(screen.getByTestId('task')).toHaveAttribute('data-status', 'done'));
    expect(uploaded).toEqual(['5']);
    const puts = server.requests.filter((request) => request.method === 'PUT').map((request) => request.url);
    // Part 1 went once: the resumed upload skipped it.
    expect(puts.filter((url) => url === '/parts/1')).toHaveLength(1);
    expect(screen.getByTestId('task-done')).toBeInTheDocument();
  });

  it('shows the error and offers to upload again', async () => {
    server.routes.set('/to/api/base/file/upload', (_request, response) => sendJson(response, envelope(null, 1002019004, '图片不能超过5M')));
    render(
      <AppProviders withRouter={false}>
        <Harness onUploaded={() => undefined} />
      </AppProviders>,
    );
    act(() => controller.start(new File(['x'], 'a.png')));
    await waitFor(() => expect(screen.getByTestId('task-error')).toHaveTextContent('图片不能超过5M'));
    expect(screen.getByTestId('task-resume')).toBeInTheDocument();
  });
});
