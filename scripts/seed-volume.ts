// `npm run seed:volume`: loads 10,000 products and 100,000 purchases (with their
// lines and 5,000 customers) into DATABASE_URL, for measuring the admin screens.
// Set-based SQL (generate_series), so it takes seconds, not minutes. Rows it
// made are tagged (VOL- references, @volume.test emails) and replaced on a rerun.
import { sql } from "drizzle-orm";
import { openDatabase } from "../db/client";

const url = process.env.DATABASE_URL;
if (!url) {
  process.stderr.write("Set DATABASE_URL (postgres://...) to the database to fill.\n");
  process.exit(1);
}
const PRODUCTS = Number(process.env.VOLUME_PRODUCTS ?? 10_000);
const PURCHASES = Number(process.env.VOLUME_PURCHASES ?? 100_000);

const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
await database.migrate();
const db = database.db;
const t0 = performance.now();
const step = async (label: string, query: ReturnType<typeof sql>) => {
  const s = performance.now();
  await db.execute(query);
  process.stdout.write(`${label}: ${Math.round(performance.now() - s)} ms\n`);
};

const names = sql`array['Adaeze','Funmilayo','Chiamaka','Temitope','Ngozi','Bisola','Halima','Kemi','Zainab','Amaka','Ifeoma','Yetunde','Aisha','Omotola','Chioma','Folake','Nkechi','Ronke','Hauwa','Uche','Blessing','Esther','Grace','Joy','Precious','Tolu','Simi','Bukola','Ebele','Oluchi','Ireti','Dami','Fatima','Kike','Lola','Moyo','Nneka','Ope','Remi','Titi']`;

// one statement each, purchases first: their lines go with them, and a line that still names a
// product being deleted in the same statement cannot be changed twice (PostgreSQL refuses it)
await step("clean previous volume purchases", sql`delete from purchases where reference like 'VOL-%'`);
await step("clean previous volume products", sql`delete from products where title like 'Volume %'`);
await step("clean previous volume customers", sql`delete from users where email like '%@volume.test'`);
await step("categories", sql`delete from categories where name like 'Volume category %'`);
await step("categories", sql`insert into categories (name) select 'Volume category ' || g from generate_series(1, 20) g`);
await step(
  `${PRODUCTS} products`,
  sql`insert into products (title, description, price_kobo, discount_kobo, category_id, stock, size, color, created_at)
      select 'Volume ' || (array['Journal','Candle','Card set','Calendar','Colouring book','Spa box','Tea blend','Diffuser'])[1 + g % 8] || ' ' || g,
             'A volume-test product number ' || g,
             price, case when g % 5 = 0 then price - 50000 else 0 end,
             c.id, g % 40, (array['XS','S','M','L','XL'])[1 + g % 5], 'Blush',
             now() - (g % 400) * interval '1 day'
      from generate_series(1, ${PRODUCTS}) g
      cross join lateral (select (200 + (g * 37) % 5800) * 1000 as price) pr
      join (select id, row_number() over (order by name) - 1 as n from categories where name like 'Volume category %') c on c.n = g % 20`,
);
await step(
  "5000 customers",
  sql`insert into users (first_name, last_name, email, phone, address, lga, password_hash, created_at)
      select (${names})[1 + g % 40], 'Volume', 'customer' || g || '@volume.test', '0803' || lpad(g::text, 7, '0'),
             g || ' Allen Avenue', 'Ikeja', '!', now() - (g % 365) * interval '1 day'
      from generate_series(1, 5000) g`,
);
await step(
  `${PURCHASES} purchases`,
  sql`insert into purchases (first_name, last_name, email, phone, street, city, state, address, lga,
                             subtotal_kobo, discount_kobo, vat_kobo, delivery_kobo, total_kobo, status,
                             payment_provider, reference, transaction_id, paid_at, created_at, updated_at)
      select n, 'Volume', lower(n) || '.' || g || (array['@gmail.com','@yahoo.com','@outlook.com','@volume.test'])[1 + g % 4],
             '0803' || lpad(g::text, 7, '0'), g || ' Allen Avenue', 'Ikeja', 'Lagos', g || ' Allen Avenue, Ikeja, Lagos', 'Ikeja',
             sub, case when g % 4 = 0 then 100000 else 0 end, round(sub * 0.075), 200000, sub + round(sub * 0.075) + 200000,
             (array['completed','completed','completed','processing','shipped','delivered','delivered','pending','cancelled','failed'])[1 + g % 10]::purchase_status,
             'sandbox', 'VOL-' || g, 'SBX-' || g, ts, ts, ts
      from generate_series(1, ${PURCHASES}) g
      cross join lateral (select (${names})[1 + (g * 7) % 40] as n, (500 + (g * 13) % 9500) * 1000 as sub,
                                 now() - ((g * 7919) % (365 * 24 * 60)) * interval '1 minute' as ts) x`,
);
await step(
  "purchase lines",
  sql`insert into purchase_items (purchase_id, product_id, title, description, image_url, price_kobo, discount_kobo, color, size, quantity, total_price_kobo)
      select p.id, pr.id, pr.title, pr.description, pr.image_url, pr.price_kobo, pr.discount_kobo, pr.color, pr.size, 1, p.subtotal_kobo
      from (select id, subtotal_kobo, row_number() over () as n from purchases where reference like 'VOL-%') p
      join (select id, title, description, image_url, price_kobo, discount_kobo, color, size, row_number() over () - 1 as n from products where title like 'Volume %') pr
        on pr.n = p.n % ${PRODUCTS}`,
);
// vacuum sets the visibility map, so counts can use index-only scans
for (const table of ["purchases", "purchase_search", "purchase_items", "products", "users"])
  await step(`vacuum analyze ${table}`, sql.raw(`vacuum analyze ${table}`));
process.stdout.write(`Volume data loaded in ${Math.round(performance.now() - t0)} ms\n`);
await database.close();
