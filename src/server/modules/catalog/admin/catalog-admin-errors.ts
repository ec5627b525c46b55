import { catalogAdminCopy } from '@/shared/staff-copy';
import type { Viewer } from '../../../lib/context';
import { AppError } from '../../../lib/errors';

const refusals = catalogAdminCopy.refusals;

/** Catalog edits are the admin's; the route checks too, the use case does not rely on it. */
export function assertAdmin(viewer: Viewer): void {
  if (viewer.role !== 'admin') throw new AppError({ kind: 'FORBIDDEN', message: 'You do not have access to this.' });
}

export function notFound(message: string): AppError {
  return new AppError({ kind: 'NOT_FOUND', message });
}

export function fieldError(field: string, message: string): AppError {
  return new AppError({ kind: 'VALIDATION_FAILED', message: 'Some fields need attention.', fields: { [field]: message } });
}

/** A unique key lost to a concurrent write, told at the field it belongs to. */
export function uniqueViolationOf(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (candidate.code === '23505') return true;
    current = candidate.cause;
  }
  return false;
}

/** A URL-safe slug from a name, for categories and subcategories. */
export function slugOf(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'item'
  );
}

export { refusals };
