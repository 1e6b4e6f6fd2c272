import { eq } from 'drizzle-orm';
import { coded } from '@tourdesk/contract';
import type { Db } from '../../db/client';
import { tourExtras } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { createBookingChangeRepository } from './booking-change.repository';
import type { RequestRow } from './request.repository';

/**
 * The extras' stock of a departure is what its requests holding seats there hold (booking-change
 * .repository's extraHeld): a request that takes its seats again (confirming after its hold
 * lapsed) takes its extras again too, and is refused when another booking has taken them since.
 * Call under the departure's row lock, after the seats are taken.
 */
export const checkExtrasStock = async (
  tx: Db,
  row: RequestRow,
  tourDateId: number,
  field = 'extras',
): Promise<void> => {
  const held = createBookingChangeRepository(tx);
  for (const line of row.extras) {
    if (line.extra_id === null) continue;
    const [extra] = await tx
      .select({ stock: tourExtras.stock })
      .from(tourExtras)
      .where(eq(tourExtras.id, line.extra_id));
    if (!extra || extra.stock === null) continue;
    const others = await held.extraHeld(tx, line.extra_id, tourDateId, row.id);
    if (others + line.quantity > extra.stock)
      throw AppError.validation({
        [field]: [coded('extra_out_of_stock', { free: Math.max(0, extra.stock - others) })],
      });
  }
};
