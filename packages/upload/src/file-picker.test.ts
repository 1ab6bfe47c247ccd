import { PICKER_FOCUS_CANCEL_MS, pickFiles } from './file-picker';

function pickerInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type=file]');
  if (!input) throw new Error('no picker input');
  return input;
}

describe('pickFiles', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves to the chosen files and removes its input', async () => {
    const picked = pickFiles({ accept: '.png', multiple: true });
    const input = pickerInput();
    expect(input.accept).toBe('.png');
    expect(input.multiple).toBe(true);
    const file = new File(['x'], 'a.png');
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    await expect(picked).resolves.toEqual([file]);
    expect(document.querySelector('input[type=file]')).toBeNull();
  });

  it('counts focus back without a change for 2000 ms as a cancel', async () => {
    expect(PICKER_FOCUS_CANCEL_MS).toBe(2000);
    let result: File[] | undefined;
    void pickFiles().then((files) => (result = files));
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(result).toEqual([]);
  });

  it('keeps a change that arrives shortly after the focus', async () => {
    const picked = pickFiles();
    const input = pickerInput();
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(500);
    const file = new File(['x'], 'late.step');
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    await expect(picked).resolves.toEqual([file]);
  });

  it("takes the browser's cancel event at once", async () => {
    const picked = pickFiles();
    pickerInput().dispatchEvent(new Event('cancel'));
    await expect(picked).resolves.toEqual([]);
  });
});
