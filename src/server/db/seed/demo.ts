import { count } from 'drizzle-orm';
import type { Role } from '@/shared/roles';
import { createAddress } from '../../modules/locations/create-address';
import { setDriverAvailability } from '../../modules/locations/driver-availability';
import { createZipCodeGeocoder } from '../../providers/geocoder';
import type { Db } from '../client';
import type { Auth } from '../../lib/auth';
import type { Logger } from '../../lib/logger';
import { user } from '../../modules/auth/auth.tables';
import { seedCatalog } from './catalog';
import { assignWarehouseStaff, createAccount, createWarehouses, type WarehouseSpec } from './factories';
import { seedDemoKitchenApplication, seedDemoKitchens } from './kitchens';

export const demoWarehouses: WarehouseSpec[] = [
  {
    name: 'Georgetown',
    streetAddress: '1001 S Austin Ave',
    city: 'Georgetown',
    state: 'TX',
    zipCode: '78626',
    latitude: 30.6327,
    longitude: -97.6772,
    location: 'Georgetown, TX',
    kitchenDefault: true,
  },
  {
    name: 'Austin Central',
    streetAddress: '500 E 7th St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    latitude: 30.2672,
    longitude: -97.7431,
    location: 'Austin, TX',
  },
  {
    name: 'Jersey City',
    streetAddress: '30 Montgomery St',
    city: 'Jersey City',
    state: 'NJ',
    zipCode: '07302',
    latitude: 40.7178,
    longitude: -74.0431,
    location: 'Jersey City, NJ',
    timeZone: 'America/New_York',
  },
  {
    name: 'Newark',
    streetAddress: '920 Broad St',
    city: 'Newark',
    state: 'NJ',
    zipCode: '07102',
    latitude: 40.7357,
    longitude: -74.1724,
    location: 'Newark, NJ',
    timeZone: 'America/New_York',
  },
  {
    name: 'San Antonio (opening soon)',
    streetAddress: '100 Military Plaza',
    city: 'San Antonio',
    state: 'TX',
    zipCode: '78205',
    latitude: 29.4241,
    longitude: -98.4936,
    location: 'San Antonio, TX',
    active: false,
  },
];

/** The demo customer's default delivery address, in Georgetown, TX; other demo accounts have none. */
export const demoCustomerAddress = {
  label: 'Home',
  streetAddress: '113 W 8th St',
  unit: '',
  city: 'Georgetown',
  state: 'TX',
  zipCode: '78626',
  deliveryInstructions: '',
  isDefault: true,
};

export const demoAccounts: { role: Role; email: string; firstName: string; lastName: string }[] = [
  { role: 'customer', email: 'customer@demo.test', firstName: 'Casey', lastName: 'Customer' },
  { role: 'admin', email: 'admin@demo.test', firstName: 'Avery', lastName: 'Admin' },
  { role: 'manager', email: 'manager@demo.test', firstName: 'Morgan', lastName: 'Manager' },
  { role: 'driver', email: 'driver@demo.test', firstName: 'Drew', lastName: 'Driver' },
  { role: 'cloud_kitchen', email: 'kitchen@demo.test', firstName: 'Kai', lastName: 'Kitchen' },
  { role: 'support', email: 'support@demo.test', firstName: 'Sam', lastName: 'Support' },
];

/** Where the demo staff work: the manager runs the Texas warehouses, the driver delivers from Georgetown. */
export const demoWarehouseStaff = [
  { email: 'manager@demo.test', role: 'manager', warehouses: ['Georgetown', 'Austin Central'] },
  { email: 'driver@demo.test', role: 'driver', warehouses: ['Georgetown'] },
] as const;

/** Seeds the demo once: a database that already has accounts is left alone. */
export async function seedDemo(options: { db: Db; auth: Auth; password: string; logger: Logger }) {
  const { db, auth, password, logger } = options;
  const [existing] = await db.select({ value: count() }).from(user);
  if ((existing?.value ?? 0) > 0) return false;

  const warehouseIdByName = new Map((await createWarehouses({ db, warehouses: demoWarehouses })).map((row) => [row.name, row.id]));
  const profileIdByEmail = new Map<string, string>();
  for (const account of demoAccounts) {
    const { profile } = await createAccount({ db, auth, account: { ...account, password } });
    profileIdByEmail.set(account.email, profile.id);
  }
  for (const staff of demoWarehouseStaff) {
    await assignWarehouseStaff({
      db,
      profileId: profileIdByEmail.get(staff.email)!,
      role: staff.role,
      warehouseIds: staff.warehouses.map((name) => warehouseIdByName.get(name)!),
    });
  }
  // The demo driver starts on shift, so the manager has someone to assign.
  await setDriverAvailability(db, { profileId: profileIdByEmail.get('driver@demo.test')!, available: true });
  // Saved as the customer would save it.
  const customer = { role: 'customer' as const, profileId: profileIdByEmail.get('customer@demo.test')!, warehouseIds: [], kitchenIds: [] };
  await createAddress({ db, geocoder: createZipCodeGeocoder(), viewer: customer, input: demoCustomerAddress });
  await seedCatalog(db);
  await seedDemoKitchens({ db, auth, password, existingOwners: profileIdByEmail });
  await seedDemoKitchenApplication({ db, auth, password });
  logger.info('demo data seeded');
  return true;
}
