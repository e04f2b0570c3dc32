import type { Locator } from "playwright-core";

/** The phone the layout tests hold the PWA to (CSS pixels). */
export const PHONE = { width: 390, height: 844 };

/**
 * "ok" when the label sits directly above its control, left edges aligned, the control inside a
 * screen `width` wide: never beside it or a line apart. Otherwise what is wrong, in words.
 */
export async function labelAbove(label: Locator, control: Locator, width = PHONE.width): Promise<string> {
  // Both boxes in one task of the page: measured one after the other, content arriving above them
  // in between (a list that loads) moved the control and not the label.
  await label.waitFor();
  await control.waitFor();
  const handle = await control.elementHandle();
  const [l, c] = await label.evaluate((el, other) => {
    const box = (e: Element | null) => {
      const r = e?.getBoundingClientRect();
      return r && r.width > 0 && r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    };
    return [box(el), box(other)];
  }, handle);
  await handle?.dispose();
  if (!l || !c) return `no box (label ${Boolean(l)}, control ${Boolean(c)})`;
  const gap = c.y - (l.y + l.height);
  if (gap < -1 || gap > 12) return `label→control gap ${gap.toFixed(1)}px`;
  if (Math.abs(l.x - c.x) > 2) return `label x ${l.x.toFixed(1)} vs control x ${c.x.toFixed(1)}`;
  if (c.x + c.width > width) return `control ends at ${(c.x + c.width).toFixed(1)}px`;
  return "ok";
}
