import { describe, expect, it } from 'vitest';
import { Slots } from '../../src/warehouse/slots.js';

describe('Slots', () => {
  it('lets `limit` in at once and the others in the order they came', async () => {
    const slots = new Slots(2);
    const order: string[] = [];
    await slots.acquire();
    await slots.acquire();
    const waits = ['a', 'b', 'c'].map((n) => slots.acquire().then(() => order.push(n)));
    expect(slots.load).toEqual({ held: 2, waiting: 3 });
    slots.release();
    await waits[0];
    slots.release();
    slots.release();
    await Promise.all(waits);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(slots.load).toEqual({ held: 2, waiting: 0 });
  });

  it('an aborted wait leaves the queue, holds nothing and lets the next one through', async () => {
    const slots = new Slots(1);
    await slots.acquire();
    const stop = new AbortController();
    const gone = slots.acquire(stop.signal);
    const next = slots.acquire();
    stop.abort(new Error('went away'));
    await expect(gone).rejects.toThrow('went away');
    expect(slots.load).toEqual({ held: 1, waiting: 1 });
    slots.release();
    await next;
    slots.release();
    expect(slots.load).toEqual({ held: 0, waiting: 0 });
    await expect(slots.acquire(stop.signal)).rejects.toThrow('went away');
  });

  it('abandonAll fails every wait and leaves the holders holding', async () => {
    const slots = new Slots(1);
    await slots.acquire();
    const waits = [slots.acquire(), slots.acquire()];
    slots.abandonAll(new Error('closing'));
    for (const w of waits) await expect(w).rejects.toThrow('closing');
    expect(slots.load).toEqual({ held: 1, waiting: 0 });
    slots.release();
    expect(slots.load).toEqual({ held: 0, waiting: 0 });
  });

  it('refuses a limit below one', () => {
    expect(() => new Slots(0)).toThrow(RangeError);
  });
});
