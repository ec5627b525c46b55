import { sql } from 'drizzle-orm';
import type { KitchenApplicationPage, KitchenApplicationStatus } from '@/shared/contracts/kitchen-operator';
import { queryRows, type Db } from '../db/client';

interface Row {
  id: string;
  status: KitchenApplicationStatus;
  businessName: string;
  kitchenType: 'home' | 'commercial';
  streetAddress: string;
  city: string;
  state: string;
  zipCode: string;
  contactPhone: string;
  foodSafetyCertificate: string;
  cuisine: string;
  description: string;
  rejectionReason: string | null;
  createdAt: Date | string;
  decidedAt: Date | string | null;
  cloudKitchenId: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  total: number;
}

/**
 * Kitchen applications as admins review them, with the applicant's name and email: pending first,
 * the longest waiting on top, then the decided, latest first. It joins kitchens' applications with
 * auth's profiles and accounts; it only reads.
 */
export async function kitchenApplicationQueue(
  db: Db,
  options: { status?: KitchenApplicationStatus; page: number; pageSize: number },
): Promise<KitchenApplicationPage> {
  const { page, pageSize } = options;
  const rows = await queryRows<Row>(
    db,
    sql`select a.id, a.status, a.business_name as "businessName", a.kitchen_type as "kitchenType",
        a.street_address as "streetAddress", a.city, a.state, a.zip_code as "zipCode", a.contact_phone as "contactPhone",
        a.food_safety_certificate as "foodSafetyCertificate", a.cuisine, a.description, a.rejection_reason as "rejectionReason",
        a.created_at as "createdAt", a.decided_at as "decidedAt", a.cloud_kitchen_id as "cloudKitchenId",
        p.first_name as "firstName", p.last_name as "lastName", u.email, count(*) over ()::int as total
      from kitchen_applications a
      join profiles p on p.id = a.profile_id
      join "user" u on u.id = p.user_id
      where ${options.status ? sql`a.status = ${options.status}` : sql`true`}
      order by (a.status = 'pending') desc,
        case when a.status = 'pending' then a.created_at end asc,
        a.decided_at desc nulls last, a.id
      limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  return {
    applications: rows.map((row) => ({
      id: row.id,
      status: row.status,
      businessName: row.businessName,
      kitchenType: row.kitchenType,
      streetAddress: row.streetAddress,
      city: row.city,
      state: row.state,
      zipCode: row.zipCode,
      contactPhone: row.contactPhone,
      foodSafetyCertificate: row.foodSafetyCertificate,
      cuisine: row.cuisine,
      description: row.description,
      rejectionReason: row.rejectionReason,
      submittedAt: new Date(row.createdAt).toISOString(),
      decidedAt: row.decidedAt === null ? null : new Date(row.decidedAt).toISOString(),
      kitchenId: row.cloudKitchenId,
      applicant: { name: [row.firstName, row.lastName].filter(Boolean).join(' ') || row.email, email: row.email },
    })),
    total: rows[0]?.total ?? 0,
    page,
    pageSize,
  };
}
