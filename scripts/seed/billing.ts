import { sql } from "drizzle-orm";
import { LISTS_FREE_COUNT, LISTS_STANDARD_COUNT } from "../../app/constants";
import type { Database } from "../../app/db/client.server";
import { prices, products, type PlanPermission } from "../../app/db/tables";

/**
 * The plans a new site starts with: a free plan and two paid plans, each paid
 * plan with a monthly and a yearly price. Plan permissions are real ones the
 * application checks; on a subscription-only site (titles.view taken from
 * the guest and users roles) the paid plans are what opens the catalogue.
 */
interface SeedPlan {
  name: string;
  description: string;
  recommended?: boolean;
  free?: boolean;
  featureList: string[];
  permissions: PlanPermission[];
  prices: { amount: number; currency: string; interval: "day" | "month" | "year"; intervalCount: number }[];
}

export const SEED_PLANS: SeedPlan[] = [
  {
    name: "Free",
    description: "Explore the catalogue and see what is trending.",
    free: true,
    featureList: ["Browse films, series and people", "Watch trailers and clips", `Up to ${LISTS_FREE_COUNT} lists`],
    permissions: [],
    prices: [{ amount: 0, currency: "usd", interval: "month", intervalCount: 1 }],
  },
  {
    name: "Standard",
    description: "The whole catalogue, for you and a small team.",
    // Lists (and lists shared in a workspace) are what the paid plans add; a film site's users keep lists.
    featureList: ["The full catalogue, including subscription-only titles", `Up to ${LISTS_STANDARD_COUNT} lists`, "Up to 3 workspaces with 5 members each"],
    permissions: [
      { name: "titles.view", restrictions: [] },
      { name: "lists.create", restrictions: [{ name: "count", value: LISTS_STANDARD_COUNT }] },
      {
        name: "workspaces.create",
        restrictions: [
          { name: "count", value: 3 },
          { name: "member_count", value: 5 },
        ],
      },
    ],
    prices: [
      { amount: 799, currency: "usd", interval: "month", intervalCount: 1 },
      { amount: 7999, currency: "usd", interval: "year", intervalCount: 1 },
    ],
  },
  {
    name: "Premium",
    description: "Everything, with API access and room for larger teams.",
    recommended: true,
    featureList: ["Everything in Standard", "Unlimited lists", "API access with personal access tokens", "Up to 10 workspaces with 25 members each"],
    permissions: [
      { name: "titles.view", restrictions: [] },
      { name: "api.access", restrictions: [] },
      { name: "lists.create", restrictions: [] },
      {
        name: "workspaces.create",
        restrictions: [
          { name: "count", value: 10 },
          { name: "member_count", value: 25 },
        ],
      },
    ],
    prices: [
      { amount: 1499, currency: "usd", interval: "month", intervalCount: 1 },
      { amount: 11999, currency: "usd", interval: "year", intervalCount: 1 },
    ],
  },
];

/**
 * Adds the starting plans when the site has none. Plans an administrator
 * created or edited are never touched.
 */
export async function seedBilling(db: Database) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)` }).from(products);
  if (count > 0) return { plans: 0 };
  // One batch: all plans and prices, or none.
  const statements = SEED_PLANS.flatMap((plan, position) => [
    db.insert(products).values({
      name: plan.name,
      description: plan.description,
      position,
      recommended: plan.recommended ?? false,
      free: plan.free ?? false,
      featureList: plan.featureList,
      permissions: plan.permissions,
    }),
    db.insert(prices).values(
      plan.prices.map((price) => ({
        ...price,
        productId: sql<number>`(SELECT id FROM products WHERE name = ${plan.name} ORDER BY id DESC LIMIT 1)`,
      })),
    ),
  ]);
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return { plans: SEED_PLANS.length };
}
