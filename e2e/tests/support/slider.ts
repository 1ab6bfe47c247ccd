import { expect, type Page } from '@playwright/test';

/** Drags a slider's handle to the right end over ~900 ms with a slightly wobbling path. */
export async function dragSlider(page: Page, testId: string) {
  const slider = page.getByTestId(testId);
  await expect(slider).toHaveAttribute('data-status', 'idle');
  // Dialogs zoom in when they open: measure only once the slider stopped moving.
  let track = await slider.boundingBox();
  await expect
    .poll(async () => {
      const previous = track;
      track = await slider.boundingBox();
      return JSON.stringify(previous) === JSON.stringify(track) && track !== null;
    })
    .toBe(true);
  // After a reset the handle slides back to the start (a CSS transition): grab it only once it is there,
  // or the press lands on the track beside it (seen on a loaded CI machine).
  const handleLocator = page.getByTestId(`${testId}-handle`);
  await expect
    .poll(async () => {
      const box = await handleLocator.boundingBox();
      return box !== null && track !== null && Math.abs(box.x - track.x) <= 2;
    })
    .toBe(true);
  const handle = await handleLocator.boundingBox();
  if (!handle || !track) throw new Error(`slider ${testId} is not visible`);
  const startX = handle.x + handle.width / 2;
  const y = handle.y + handle.height / 2;
  const distance = track.width - handle.width;
  const maxOffset = Number(await slider.getAttribute('aria-valuemax'));
  const sliderElement = await slider.elementHandle();
  await page.mouse.move(startX, y);
  await page.mouse.down();
  const steps = 30;
  for (let step = 1; step <= steps; step += 1) {
    // Ease-out: fast start, careful finish, as a hand does.
    const progress = 1 - (1 - step / steps) ** 2;
    const offset = distance * progress + (step === steps ? 2 : 0);
    await page.mouse.move(startX + offset, y + Math.sin(step / 3) * 2);
    // Each step waits for the frame that draws the handle under the pointer: one move per frame, a hand's
    // pace (the server refuses a drag faster than a human's, slider.min_drag_ms), and never a move the
    // slider has not taken yet.
    const expected = Math.min(Math.max(offset, 0), maxOffset);
    await page.waitForFunction(
      ({ element, expected }) => Math.abs(Number(element?.getAttribute('aria-valuenow')) - expected) <= 1,
      { element: sliderElement, expected },
      { polling: 'raf' },
    );
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
  }
  await page.mouse.up();
  await expect(slider).toHaveAttribute('data-status', 'success');
}
