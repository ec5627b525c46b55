export const roles = ['customer', 'admin', 'manager', 'driver', 'cloud_kitchen', 'support'] as const;
export type Role = (typeof roles)[number];

export const staffRoles = ['admin', 'manager', 'driver', 'cloud_kitchen', 'support'] as const satisfies readonly Role[];

/** Where each role lands from `/`. The support role's home is its dashboard; `/support` stays the public page. */
export const roleHome: Record<Role, string> = {
  customer: '/',
  admin: '/admin',
  manager: '/manager',
  driver: '/driver',
  cloud_kitchen: '/cloud-kitchen',
  support: '/support-dashboard',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (roles as readonly string[]).includes(value);
}
