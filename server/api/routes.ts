import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../context";
import { authRoutes } from "./auth";
import { adminCategoryRoutes } from "./admin-categories";
import { adminDeliveryRateRoutes } from "./admin-delivery-rates";
import { adminDiscountRoutes } from "./admin-discounts";
import { adminMessageRoutes } from "./admin-messages";
import { adminPostRoutes } from "./admin-posts";
import { adminProductRoutes } from "./admin-products";
import { adminPurchaseRoutes } from "./admin-purchases";
import { adminRefundRoutes } from "./admin-refunds";
import { adminReportRoutes } from "./admin-reports";
import { adminUnpaidCheckoutRoutes } from "./admin-unpaid-checkouts";
import { adminSettingsRoutes } from "./admin-settings";
import { newsletterRoutes } from "./newsletter";
import { userRoutes } from "./users";
import { catalogReadRoutes } from "./catalog-read";
import { contentReadRoutes } from "./content-read";
import { cartRoutes } from "./cart";
import { orderRoutes } from "./orders";
import { paymentRoutes } from "./payments";
import { reviewRoutes } from "./reviews";
import { whatsappRoutes } from "./whatsapp";

/** Every /api router, mounted under /api. Add one line per resource. */
export function registerApiRoutes(api: Hono<AppEnv>, deps: AppDeps) {
  api.route("/", newsletterRoutes(deps));
  api.route("/", authRoutes(deps));
  api.route("/", userRoutes(deps));
  api.route("/", catalogReadRoutes(deps));
  api.route("/", contentReadRoutes(deps));
  api.route("/", cartRoutes(deps));
  api.route("/", orderRoutes(deps));
  api.route("/", paymentRoutes(deps));
  api.route("/", whatsappRoutes(deps));
  api.route("/", reviewRoutes(deps));
  api.route("/", adminProductRoutes(deps));
  api.route("/", adminCategoryRoutes(deps));
  api.route("/", adminPostRoutes(deps));
  api.route("/", adminDeliveryRateRoutes(deps));
  api.route("/", adminPurchaseRoutes(deps));
  api.route("/", adminSettingsRoutes(deps));
  api.route("/", adminDiscountRoutes(deps));
  api.route("/", adminReportRoutes(deps));
  api.route("/", adminRefundRoutes(deps));
  api.route("/", adminUnpaidCheckoutRoutes(deps));
  api.route("/", adminMessageRoutes(deps));
}
