import type { Db } from '../client';
import type { Auth } from '../../lib/auth';
import { cloudKitchenProducts, cloudKitchens, kitchenApplications, mealPlans } from '../../modules/kitchens/kitchens.tables';
import { createAccount } from './factories';
import { seedKitchens, type SeedKitchen } from './kitchen-data';

const timeZoneOf = (state: string) => (state === 'TX' ? 'America/Chicago' : 'America/New_York');

export async function createKitchenWithMenu(options: { db: Db; profileId: string; kitchen: SeedKitchen }) {
  const { db, profileId, kitchen } = options;
  const [row] = await db
    .insert(cloudKitchens)
    .values({
      profileId,
      businessName: kitchen.businessName,
      kitchenType: kitchen.kitchenType,
      cuisine: kitchen.cuisine,
      description: kitchen.description,
      streetAddress: kitchen.streetAddress,
      city: kitchen.city,
      state: kitchen.state,
      zipCode: kitchen.zipCode,
      latitude: kitchen.latitude,
      longitude: kitchen.longitude,
      contactPhone: kitchen.contactPhone,
      foodSafetyCertificate: kitchen.foodSafetyCertificate,
      prepTimeMinutes: kitchen.prepTimeMinutes,
      openingHours: kitchen.openingHours,
      timeZone: timeZoneOf(kitchen.state),
    })
    .returning({ id: cloudKitchens.id });
  const kitchenId = row!.id;
  const dishes = await db
    .insert(cloudKitchenProducts)
    .values(
      kitchen.dishes.map((dish) => ({
        cloudKitchenId: kitchenId,
        name: dish.name,
        description: dish.description,
        menuSection: dish.category,
        price: dish.priceCents,
      })),
    )
    .returning({ id: cloudKitchenProducts.id, name: cloudKitchenProducts.name });
  // This week's menu of a demo plan: the dishes its data names.
  const dishIdOf = (name: string) => {
    const dish = dishes.find((candidate) => candidate.name === name);
    if (!dish) throw new Error(`${kitchen.businessName} has no dish named ${name}`);
    return dish.id;
  };
  if (kitchen.mealPlans.length > 0) {
    await db.insert(mealPlans).values(
      kitchen.mealPlans.map((plan) => ({
        cloudKitchenId: kitchenId,
        name: plan.name,
        description: plan.description,
        mealsPerWeek: plan.mealsPerWeek,
        weeklyPrice: plan.weeklyPriceCents,
        deliveryDay: plan.deliveryDay,
        dishIds: plan.dishes.map(dishIdOf),
      })),
    );
  }
  return kitchenId;
}

/** The demo kitchens, each owned by its own cloud_kitchen account (the first by kitchen@demo.test). */
export async function seedDemoKitchens(options: { db: Db; auth: Auth; password: string; existingOwners: Map<string, string> }) {
  const { db, auth, password, existingOwners } = options;
  for (const kitchen of seedKitchens) {
    const profileId =
      existingOwners.get(kitchen.owner.email) ??
      (await createAccount({ db, auth, account: { ...kitchen.owner, password, role: 'cloud_kitchen' } })).profile.id;
    await createKitchenWithMenu({ db, profileId, kitchen });
  }
}

/** A customer who has applied for a kitchen, so the admin's review queue has one waiting. */
export async function seedDemoKitchenApplication(options: { db: Db; auth: Auth; password: string }) {
  const { db, auth, password } = options;
  const { profile } = await createAccount({
    db,
    auth,
    account: { email: 'applicant@demo.test', password, firstName: 'Rosa', lastName: 'Romano', role: 'customer' },
  });
  await db.insert(kitchenApplications).values({
    profileId: profile.id,
    businessName: "Nonna Rosa's Pasta",
    kitchenType: 'home',
    streetAddress: '402 E 8th St',
    city: 'Georgetown',
    state: 'TX',
    zipCode: '78626',
    latitude: 30.6361,
    longitude: -97.6745,
    contactPhone: '(512) 555-0177',
    foodSafetyCertificate: 'TX-FH-2026-09312',
    cuisine: 'Italian',
    description: 'Fresh egg pasta rolled every morning, slow-cooked ragù and lasagna from a family recipe.',
  });
}
