import { count, eq } from 'drizzle-orm';
import type { Role } from '@/shared/roles';
import { createAddress } from '../../modules/locations/create-address';
import { setDriverAvailability } from '../../modules/locations/driver-availability';
import { createZipCodeGeocoder } from '../../providers/geocoder';
import type { Db } from '../client';
import type { Auth } from '../../lib/auth';
import type { Viewer } from '../../lib/context';
import type { Logger } from '../../lib/logger';
import { user } from '../../modules/auth/auth.tables';
import { cloudKitchenProducts, cloudKitchens } from '../../modules/kitchens/kitchens.tables';
import { seedCatalog } from './catalog';
import { seedDemoOrderHistory } from './demo-orders';
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

  const warehouseByName = new Map((await createWarehouses({ db, warehouses: demoWarehouses })).map((row) => [row.name, row]));
  const warehouseIdByName = new Map([...warehouseByName].map(([name, row]) => [name, row.id]));
  const accountByEmail = new Map<string, { userId: string; profileId: string }>();
  for (const account of demoAccounts) {
    const { userId, profile } = await createAccount({ db, auth, account: { ...account, password } });
    accountByEmail.set(account.email, { userId, profileId: profile.id });
  }
  const profileIdByEmail = new Map([...accountByEmail].map(([email, account]) => [email, account.profileId]));
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
  // Each demo account as it is signed in.
  const viewerOf = (email: string, places: { warehouses?: readonly string[]; kitchenIds?: string[] } = {}): Viewer => ({
    ...accountByEmail.get(email)!,
    email,
    role: demoAccounts.find((account) => account.email === email)!.role,
    warehouseIds: (places.warehouses ?? []).map((name) => warehouseIdByName.get(name)!),
    kitchenIds: places.kitchenIds ?? [],
  });
  const customer = viewerOf('customer@demo.test');
  // Saved as the customer would save it.
  const address = await createAddress({ db, geocoder: createZipCodeGeocoder(), viewer: customer, input: demoCustomerAddress });
  const { productIdByName } = await seedCatalog(db);
  await seedDemoKitchens({ db, auth, password, existingOwners: profileIdByEmail });
  await seedDemoKitchenApplication({ db, auth, password });

  // A delivered past, so the demo customer's orders and the driver's completed deliveries have something to show.
  const kitchenOwner = profileIdByEmail.get('kitchen@demo.test')!;
  const [kitchen] = await db.select({ id: cloudKitchens.id, timeZone: cloudKitchens.timeZone }).from(cloudKitchens).where(eq(cloudKitchens.profileId, kitchenOwner));
  const dishes = await db.select({ id: cloudKitchenProducts.id, name: cloudKitchenProducts.name }).from(cloudKitchenProducts).where(eq(cloudKitchenProducts.cloudKitchenId, kitchen!.id));
  const georgetown = warehouseByName.get('Georgetown')!;
  await seedDemoOrderHistory({
    db,
    logger,
    people: {
      customer,
      manager: viewerOf('manager@demo.test', { warehouses: demoWarehouseStaff[0].warehouses }),
      kitchen: viewerOf('kitchen@demo.test', { kitchenIds: [kitchen!.id] }),
      driver: viewerOf('driver@demo.test', { warehouses: demoWarehouseStaff[1].warehouses }),
    },
    addressId: address.id,
    warehouse: { id: georgetown.id, timeZone: georgetown.timeZone },
    kitchen: { ...kitchen!, dishIdByName: new Map(dishes.map((dish) => [dish.name, dish.id])) },
    productIdByName,
    now: new Date(),
  });
  logger.info('demo data seeded');
  return true;
}
