import { z } from 'zod';

export const id = z.uuid({ error: 'Must be a valid id' });
/** Money in integer cents. */
export const cents = z.number().int().nonnegative();

export const idParam = z.object({ id });
