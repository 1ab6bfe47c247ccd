import { act, render, screen } from '@testing-library/react';
import { resetUser, sessionStore } from '@portal/session';
import { HasPermission } from './has-permission';

describe('HasPermission', () => {
  afterEach(() => act(() => resetUser()));

  it('shows its children only when a listed permission or the wildcard is held', () => {
    sessionStore.setState({ permissions: ['part:model:download'] });
    const { rerender } = render(<HasPermission value={['part:model:download', 'x:y:z']}>download</HasPermission>);
    expect(screen.getByText('download')).toBeInTheDocument();
    rerender(
      <HasPermission value="system:user:delete" fallback={<span>hidden</span>}>
        delete
      </HasPermission>,
    );
    expect(screen.queryByText('delete')).toBeNull();
    expect(screen.getByText('hidden')).toBeInTheDocument();
    act(() => sessionStore.setState({ permissions: ['*:*:*'] }));
    rerender(<HasPermission value="system:user:delete">delete</HasPermission>);
    expect(screen.getByText('delete')).toBeInTheDocument();
  });

  it('throws 未设置权限值 for an empty value', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<HasPermission value={[]}>x</HasPermission>)).toThrow('未设置权限值');
    spy.mockRestore();
  });
});
